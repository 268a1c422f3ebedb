import { formatRouteExpression, type RouteMatchResult } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
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

const PASTE_PLACEHOLDER = 'From: Alice <alice@example.org>\nTo: support@example.com\nSubject: Help\n\nHello';

/**
 * "Test an address": which route would take it (and a header, optionally), or a pasted message (its header fields, and
 * its To address unless a recipient is given), and what each action would do, without doing it.
 */
export function RouteTestBox({ did }: { did: number }) {
  const match = useMatchRoute(did);
  const [mode, setMode] = useState<'address' | 'paste'>('address');
  const [recipient, setRecipient] = useState('');
  const [header, setHeader] = useState('');
  const [value, setValue] = useState('');
  const [raw, setRaw] = useState('');
  const fieldError = (name: string) =>
    match.error instanceof ApiError
      ? match.error.fieldErrors.find((e) => e.field.startsWith(name))?.message
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'paste') {
      match.mutate({ ...(recipient.trim() ? { recipient: recipient.trim() } : {}), headers: [], raw });
      return;
    }
    match.mutate({ recipient: recipient.trim(), headers: header.trim() ? [{ name: header.trim(), value }] : [] });
  };
  const ready = mode === 'paste' ? raw.trim() !== '' : recipient.trim() !== '';
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
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography id="route-test-title" variant="subtitle1" component="h2">
          {mode === 'paste' ? 'Test a message' : 'Test an address'}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_, next: 'address' | 'paste' | null) => {
            if (next) {
              setMode(next);
              match.reset();
            }
          }}
          aria-label="Test with"
        >
          <ToggleButton value="address">Recipient and header</ToggleButton>
          <ToggleButton value="paste">Paste a message</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {mode === 'paste' ? (
        <Stack spacing={1.5}>
          <TextField
            label="Message"
            value={raw}
            onChange={(event) => setRaw(event.target.value)}
            placeholder={PASTE_PLACEHOLDER}
            error={Boolean(fieldError('raw'))}
            helperText={fieldError('raw') ?? 'The whole message as received (header fields, a blank line, the body)'}
            multiline
            minRows={6}
            maxRows={16}
            fullWidth
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="Recipient (optional)"
              value={recipient}
              onChange={(event) => setRecipient(event.target.value)}
              placeholder="Its To address at this domain"
              error={Boolean(fieldError('recipient'))}
              helperText={fieldError('recipient')}
              size="small"
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={match.isPending || !ready} sx={{ flexShrink: 0 }}>
              Test
            </Button>
          </Stack>
        </Stack>
      ) : (
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
          <Button type="submit" variant="contained" disabled={match.isPending || !ready} sx={{ flexShrink: 0 }}>
            Test
          </Button>
        </Stack>
      )}
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
          {result.pasted ? (
            <Typography component="p" variant="body2" sx={{ wordBreak: 'break-all' }}>
              {result.pasted.subject || '(no subject)'} from {result.pasted.from || 'nobody'} to {result.recipient} ·{' '}
              {result.pasted.size} bytes, {result.pasted.header_count} header fields
            </Typography>
          ) : null}
          {result.effects.length ? (
            <Box component="ol" aria-label="What would happen" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {result.effects.map((e) => (
                <Typography
                  component="li"
                  variant="body2"
                  key={`${e.action}: ${e.effect}`}
                  sx={{ wordBreak: 'break-word' }}
                >
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {e.action}
                  </Box>
                  : {e.effect}
                </Typography>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
    </Paper>
  );
}
