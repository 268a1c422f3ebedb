import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from './CopyButton.tsx';

interface SecretRevealProps {
  /** The secret in full, as the server answered it once. */
  secret: string;
  /** What it is, as it reads after "the", e.g. "API key"; names the copy button too. */
  label: string;
  /** Why it is shown only now; the default says it is stored hashed. */
  warning?: string;
}

/**
 * A secret the server shows once (a new API key, a new SMTP password): in full, selectable, with a copy button and
 * a warning that it cannot be shown again. The caller drops it from memory when the dialog closes.
 */
export function SecretReveal({ secret, label, warning }: SecretRevealProps) {
  return (
    <Stack spacing={1.5}>
      <Alert severity="warning">
        {warning ?? `Copy the ${label} now: it is stored only hashed and cannot be shown again.`}
      </Alert>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: 1.5,
          pr: 0.5,
          py: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Typography
          component="code"
          aria-label={label}
          data-testid="secret-value"
          sx={{ flexGrow: 1, fontFamily: 'monospace', fontSize: '0.9rem', wordBreak: 'break-all', userSelect: 'all' }}
        >
          {secret}
        </Typography>
        <CopyButton value={secret} label={`Copy the ${label}`} />
      </Box>
    </Stack>
  );
}
