import { formatRouteExpression, type RouteMatchResult } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useMatchRoute } from './routes.api.ts';

const SEVERITY: Record<RouteMatchResult['outcome'], 'success' | 'info' | 'warning' | 'error'> = {
  accept: 'success',
  hold: 'info',
  bounce: 'warning',
  reject: 'error',
  no_match: 'error',
};

/** "Test an address": which route would take it (and a header, optionally) and what would happen, without doing it. */
export function RouteTestBox({ did }: { did: number }) {
  const match = useMatchRoute(did);
  const [recipient, setRecipient] = useState('');
  const [header, setHeader] = useState('');
  const [value, setValue] = useState('');
  const fieldError = (name: string) =>
    match.error instanceof ApiError
      ? match.error.fieldErrors.find((e) => e.field.startsWith(name))?.message
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    match.mutate({ recipient: recipient.trim(), headers: header.trim() ? [{ name: header.trim(), value }] : [] });
  };
  const result = match.data;
  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="route-test-title"
      sx={{ p: 2 }}
    >
      <Typography id="route-test-title" variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
        Test an address
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          label="Recipient"
          value={recipient}
          onChange={(event) => setRecipient(event.target.value)}
          placeholder="support@example.com"
          error={Boolean(fieldError('recipient'))}
          helperText={fieldError('recipient')}
          size="small"
          fullWidth
        />
        <TextField
          label="Header (optional)"
          value={header}
          onChange={(event) => setHeader(event.target.value)}
          placeholder="Subject"
          error={Boolean(fieldError('headers'))}
          helperText={fieldError('headers')}
          size="small"
          sx={{ minWidth: { md: 200 } }}
        />
        <TextField
          label="Header value"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          size="small"
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          disabled={match.isPending || !recipient.trim()}
          sx={{ flexShrink: 0 }}
        >
          Test
        </Button>
      </Stack>
      {result ? (
        <Alert severity={SEVERITY[result.outcome]} sx={{ mt: 2 }} aria-live="polite">
          <Typography component="p" sx={{ fontWeight: 500 }}>
            {result.message}
          </Typography>
          {result.routes.length ? (
            <Typography component="p" variant="body2" sx={{ wordBreak: 'break-all' }}>
              Matched:{' '}
              {result.routes.map((r) => `${r.priority} ${formatRouteExpression(r.expression)}`).join(', then ')}
            </Typography>
          ) : null}
          {result.actions.length ? (
            <Typography component="p" variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {result.actions.join(' → ')}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
    </Paper>
  );
}
