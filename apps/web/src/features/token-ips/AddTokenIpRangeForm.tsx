import { zodResolver } from '@hookform/resolvers/zod';
import { type TokenIpInput, tokenIpInput } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../components/FormFields.tsx';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { useAddTokenIpRange } from './token-ips.api.ts';

const EMPTY = { ipv4: '', note: '' };

/** Spec 5: a 400 or 402 answer to a token IP create is handed back to this form as field errors. */
export function AddTokenIpRangeForm({ tid }: { tid: number }) {
  const titleId = useId();
  const add = useAddTokenIpRange(tid);
  const form = useForm<z.input<typeof tokenIpInput>, unknown, TokenIpInput>({
    resolver: zodResolver(tokenIpInput),
    defaultValues: EMPTY,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset(EMPTY);
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
        Add an address or range
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby={titleId}
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <FormTextField
          control={form.control}
          name="ipv4"
          label="IPv4 address or range"
          placeholder="192.0.2.0/24"
          size="small"
          autoComplete="off"
          helperText="One address, or a block in CIDR form."
        />
        <FormTextField
          control={form.control}
          name="note"
          label="Note"
          size="small"
          autoComplete="off"
          helperText="Where the address is, e.g. the office."
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<AddIcon />}
          disabled={form.formState.isSubmitting}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', md: 'flex-start' }, mt: { md: 0.25 } }}
        >
          Add
        </Button>
      </Stack>
    </Paper>
  );
}
