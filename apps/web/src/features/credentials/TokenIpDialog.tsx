import { zodResolver } from '@hookform/resolvers/zod';
import { type Token, type TokenIpInput, tokenIpInput } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../components/FormFields.tsx';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { useAddTokenIp, useRemoveTokenIp, useTokenIps } from './tokens.api.ts';

/**
 * A key's IP allow-list and its IP ranges (spec: token security entries and token IP ranges): the addresses or CIDR
 * blocks that may use the key. An empty list lets any address use it.
 */
export function TokenIpDialog({ token, onClose }: { token: Token | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={token !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>IP allow-list</DialogTitle>
      {token ? <TokenIpContent token={token} /> : null}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function TokenIpContent({ token }: { token: Token }) {
  const entries = useTokenIps(token.id);
  const remove = useRemoveTokenIp(token.id);
  const items = entries.data?.items ?? [];
  return (
    <DialogContent>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Key {token.prefix}…{token.note ? ` (${token.note})` : ''}: only these addresses may send with it.
      </Typography>
      {entries.isFetching ? <LinearProgress aria-label="Loading the IP allow-list" /> : null}
      {entries.isSuccess && items.length === 0 ? (
        <Alert severity="info">No entries: any address may use this key.</Alert>
      ) : null}
      {items.length > 0 ? (
        <List dense aria-label="Allowed addresses" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 1 }}>
          {items.map((entry, index) => (
            <ListItem
              key={entry.tipid}
              divider={index < items.length - 1}
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Remove ${entry.ipv4}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(entry.tipid)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={entry.ipv4}
                secondary={[`Ranges: ${entry.ip4_ranges.join(', ')}`, entry.note].filter(Boolean).join(' · ')}
                slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      <AddTokenIpForm tid={token.id} />
    </DialogContent>
  );
}

/** Spec 5: a 400 or 402 on token IP create is handed back to this form as field errors. */
function AddTokenIpForm({ tid }: { tid: number }) {
  const add = useAddTokenIp(tid);
  const form = useForm<z.input<typeof tokenIpInput>, unknown, TokenIpInput>({
    resolver: zodResolver(tokenIpInput),
    defaultValues: { ipv4: '', note: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset({ ipv4: '', note: '' });
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Add an address"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
    >
      <FormTextField
        control={form.control}
        name="ipv4"
        label="IPv4 address or range"
        placeholder="192.0.2.0/24"
        size="small"
        autoComplete="off"
      />
      <FormTextField control={form.control} name="note" label="Note" size="small" autoComplete="off" />
      <Button
        type="submit"
        variant="outlined"
        startIcon={<AddIcon />}
        disabled={form.formState.isSubmitting}
        sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
      >
        Add
      </Button>
    </Stack>
  );
}
