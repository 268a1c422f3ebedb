import { allowlistRecipient } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useCheckAllowlist } from './allowlists.api.ts';

/** GET whitelists/{domain}/check/{recipient}: is this address (or its domain) on the allow-list? */
export function AllowlistCheckCard({ did }: { did: number }) {
  const titleId = useId();
  const [recipient, setRecipient] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useCheckAllowlist(did);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = allowlistRecipient.safeParse(recipient);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter an email address');
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
        Whether the allow-list covers an address, itself or through its domain.
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
          result.allowed ? (
            <Alert severity="success">
              {result.recipient} is allowed
              {result.entry && result.entry.recipient !== result.recipient ? ` through ${result.entry.recipient}` : ''}
              {result.entry?.note ? ` (${result.entry.note})` : ''}: it is never suppressed automatically.
            </Alert>
          ) : (
            <Alert severity="info">{result.recipient} is not on the allow-list.</Alert>
          )
        ) : null}
      </Box>
    </Paper>
  );
}
