import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { z } from 'zod';

/**
 * "Check a recipient": a card with one address field validated by a contract schema, a Check button and a live
 * region for the answer (the suppression check and the allow-list check share it).
 */
export function RecipientCheckCard(props: {
  description: ReactNode;
  schema: z.ZodType<string, string>;
  invalidMessage: string;
  inputType?: string;
  pending: boolean;
  onCheck: (recipient: string) => void;
  /** The answer to show, or null before the first check. */
  result: ReactNode;
}) {
  const titleId = useId();
  const [recipient, setRecipient] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = props.schema.safeParse(recipient);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? props.invalidMessage);
    setError(null);
    props.onCheck(parsed.data);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Check a recipient
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {props.description}
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
          type={props.inputType}
          value={recipient}
          onChange={(event) => setRecipient(event.target.value)}
          error={Boolean(error)}
          helperText={error}
          fullWidth
        />
        <Button type="submit" variant="outlined" disabled={props.pending} sx={{ flexShrink: 0, height: 40 }}>
          Check
        </Button>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: props.result ? 2 : 0 }}>
        {props.result}
      </Box>
    </Paper>
  );
}
