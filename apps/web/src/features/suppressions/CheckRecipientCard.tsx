import { recipientAddress } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { formatDateTime } from '../../components/format.ts';
import { useCheckRecipient, useRemoveSuppression } from './suppressions.api.ts';

const SCOPE_LABELS = { domain: 'this domain', customer: 'your account', global: 'every account' } as const;

/** GET suppressions/{domain}/check/{recipient}: would intake drop mail to this recipient, and which entries say so. */
export function CheckRecipientCard({ did, domainName }: { did: number; domainName: string }) {
  const titleId = useId();
  const [recipient, setRecipient] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useCheckRecipient(did);
  const remove = useRemoveSuppression(did);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = recipientAddress.safeParse(recipient);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
    setError(null);
    check.mutate(parsed.data);
  };
  const result = check.data;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Check a recipient
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Whether mail from {domainName} to this address is dropped, and which lists say so.
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={submit}
        noValidate
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label="Recipient"
          type="email"
          value={recipient}
          onChange={(event) => setRecipient(event.target.value)}
          error={Boolean(error)}
          helperText={error}
          fullWidth
        />
        <Button type="submit" variant="outlined" disabled={check.isPending} sx={{ flexShrink: 0, height: 40 }}>
          Check
        </Button>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: result ? 2 : 0 }}>
        {result ? (
          result.suppressed ? (
            <Alert severity="warning">
              <AlertTitle>{result.recipient} is suppressed</AlertTitle>
              {result.pattern ? (
                <Typography variant="body2">
                  The domain pattern <code>{result.pattern}</code> blocks it.
                </Typography>
              ) : null}
              <List dense disablePadding>
                {result.items.map((item) => (
                  <ListItem
                    key={item.sid}
                    disableGutters
                    secondaryAction={
                      item.scope === 'domain' ? (
                        <Button
                          size="small"
                          color="inherit"
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate(
                              { type: item.type, recipient: item.recipient },
                              { onSuccess: () => check.mutate(item.recipient) },
                            )
                          }
                        >
                          Remove
                        </Button>
                      ) : null
                    }
                    sx={{ pr: item.scope === 'domain' ? 10 : 0 }}
                  >
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                          <Chip size="small" label={item.type} />
                          <span>on the list of {SCOPE_LABELS[item.scope]}</span>
                        </Stack>
                      }
                      secondary={`${item.reason || 'No reason given'} · ${formatDateTime(item.created_at)}`}
                    />
                  </ListItem>
                ))}
              </List>
            </Alert>
          ) : (
            <Alert severity="success">{result.recipient} is not suppressed: mail to it is sent.</Alert>
          )
        ) : null}
      </Box>
    </Paper>
  );
}
