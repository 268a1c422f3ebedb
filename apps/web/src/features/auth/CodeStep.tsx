import { zodResolver } from '@hookform/resolvers/zod';
import { PERSIST_CODE_DAYS, twoFactorEnable } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { SecondFactor } from './login.ts';

const codeSchema = z.object({ code: twoFactorEnable.shape.code, remember: z.boolean() });

/** The second-factor step of the sign-in (spec 4): a 6-digit code, and whether to remember this device. */
export function CodeStep({
  onSubmit,
  onBack,
}: {
  onSubmit: (factor: SecondFactor) => Promise<void>;
  onBack: () => void;
}) {
  const form = useForm<SecondFactor>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '', remember: false },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label="Two-factor authentication"
    >
      <Typography variant="h5" component="h1">
        Two-factor authentication
      </Typography>
      <Typography color="text.secondary">Enter the 6-digit code from your authenticator app.</Typography>
      <TextField
        label="Code"
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
        {...form.register('code')}
        error={Boolean(errors.code)}
        helperText={errors.code?.message}
      />
      <FormControlLabel
        control={<Checkbox {...form.register('remember')} />}
        label={`Remember this device for ${PERSIST_CODE_DAYS} days`}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        Verify
      </Button>
      <Button variant="text" onClick={onBack} disabled={isSubmitting}>
        Back
      </Button>
    </Stack>
  );
}
