import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordChangeRequest, passwordChangeRequest, sessionEndpoints } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { withQueryScope } from '../../components/QueryScope.tsx';
import { api } from '../../lib/api.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/store.ts';

type NewPasswordForm = Pick<PasswordChangeRequest, 'token' | 'new_password' | 'new_password2'>;

/**
 * /auth/reset/:token and /auth/activate/:token: check the link (GET /api/password/reset/:token), then
 * POST /api/password/change {token, new_password, new_password2} with field errors, then on to sign in.
 */
function NewPasswordScreen() {
  const { token = '' } = useParams();
  const activating = useLocation().pathname.startsWith('/auth/activate/');
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: ['password-token', token],
    queryFn: () => api(sessionEndpoints.passwordResetCheck, { params: { token } }),
    meta: { silent: true },
  });
  const form = useForm<NewPasswordForm>({
    // The contract's own rules: a token (or the current password), the new password twice, matching.
    resolver: zodResolver(passwordChangeRequest),
    defaultValues: { token, new_password: '', new_password2: '' },
  });
  const change = useMutation({
    mutationFn: (body: NewPasswordForm) => api(sessionEndpoints.passwordChange, { body }),
    onError: (error) => applyFieldErrors(error, form.setError),
    onSuccess: (result) => {
      notify(result.message);
      navigate('/auth/login', { replace: true });
    },
  });
  const heading = activating ? 'Activate your account' : 'Choose a new password';

  if (check.isPending) return <CircularProgress aria-label="Checking the link" sx={{ display: 'block', mx: 'auto' }} />;
  if (check.isError) {
    return (
      <Stack spacing={2.5}>
        <Typography variant="h5" component="h1">
          {heading}
        </Typography>
        <Alert severity="error">{check.error.message}</Alert>
        <Link component={RouterLink} to="/auth/forgotten-password" variant="body2">
          Ask for a new link
        </Link>
      </Stack>
    );
  }

  const { errors } = form.formState;
  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      aria-label={heading}
      onSubmit={form.handleSubmit((v) => change.mutate(v))}
    >
      <Typography variant="h5" component="h1">
        {heading}
      </Typography>
      <Typography color="text.secondary">Account: {check.data.username}</Typography>
      {errors.token?.message ? <Alert severity="error">{errors.token.message}</Alert> : null}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        fullWidth
        {...form.register('new_password')}
        error={Boolean(errors.new_password)}
        helperText={errors.new_password?.message}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        fullWidth
        {...form.register('new_password2')}
        error={Boolean(errors.new_password2)}
        helperText={errors.new_password2?.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
        {activating ? 'Activate' : 'Change password'}
      </Button>
    </Stack>
  );
}

export default withQueryScope(NewPasswordScreen);
