import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, sessionEndpoints } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { withQueryScope } from '../../components/QueryScope.tsx';
import { api } from '../../lib/api.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';

const schema = sessionEndpoints.passwordReset.body;
interface ResetForm {
  user: string;
}

/** Spec 7/8: POST /api/password/reset {user}, then 'A reset link was sent to your email!'. */
function ForgottenPasswordScreen() {
  const form = useForm<ResetForm>({ resolver: zodResolver(schema), defaultValues: { user: '' } });
  const reset = useMutation({
    mutationFn: (body: ResetForm) => api(sessionEndpoints.passwordReset, { body }),
    onError: (error) => applyFieldErrors(error, form.setError),
  });
  const { errors } = form.formState;
  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      aria-label="Forgotten password"
      onSubmit={form.handleSubmit((body) => reset.mutate(body))}
    >
      <Typography variant="h5" component="h1">
        Forgotten password
      </Typography>
      {reset.isSuccess ? (
        <Alert severity="success">{MSG.resetLinkSent}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">
            Enter your username or email address and we will mail you a link to choose a new password.
          </Typography>
          <TextField
            label="Username or email"
            autoComplete="username"
            autoFocus
            fullWidth
            {...form.register('user')}
            error={Boolean(errors.user)}
            helperText={errors.user?.message}
          />
          <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
            Send reset link
          </Button>
        </>
      )}
      <Link component={RouterLink} to="/auth/login" variant="body2" sx={{ alignSelf: 'center' }}>
        Back to sign in
      </Link>
    </Stack>
  );
}

export default withQueryScope(ForgottenPasswordScreen);
