import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordChangeRequest, passwordChangeRequest, sessionEndpoints } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../components/FormFields.tsx';
import { api } from '../../lib/api.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/store.ts';

// Signed in, the current password stands in for the reset token (which this form never sends).
const EMPTY: PasswordChangeRequest = { password: '', new_password: '', new_password2: '' };

/** Spec 5/7: POST password/change {password, new_password, new_password2}, field errors under each field. */
export function PasswordCard() {
  const form = useForm<PasswordChangeRequest>({
    resolver: zodResolver(passwordChangeRequest),
    defaultValues: EMPTY,
  });
  const change = useMutation({
    mutationFn: (body: PasswordChangeRequest) => api(sessionEndpoints.passwordChange, { body }),
    onError: (error) => applyFieldErrors(error, form.setError),
    onSuccess: (result) => {
      notify(result.message);
      form.reset(EMPTY);
    },
  });
  return (
    <Card
      variant="outlined"
      component="form"
      noValidate
      aria-labelledby="password-title"
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
    >
      <CardContent>
        <Typography id="password-title" variant="subtitle1" component="h3" sx={{ mb: 2 }}>
          Password
        </Typography>
        {/* The username lets password managers tie the new password to the right account. */}
        <input type="text" autoComplete="username" hidden readOnly />
        <Stack spacing={2}>
          <FormTextField
            control={form.control}
            name="password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <FormTextField
            control={form.control}
            name="new_password"
            label="New password"
            type="password"
            autoComplete="new-password"
          />
          <FormTextField
            control={form.control}
            name="new_password2"
            label="New password again"
            type="password"
            autoComplete="new-password"
          />
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button type="submit" variant="contained" disabled={change.isPending}>
          Change password
        </Button>
      </CardActions>
    </Card>
  );
}
