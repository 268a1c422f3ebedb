import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { DEFAULT_ROUTE } from '../../app/routes.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { homePath } from '../../lib/session.ts';
import { getState, notifyError, takeLoggedOutPath } from '../../lib/store.ts';
import { CodeStep } from './CodeStep.tsx';
import { type Credentials, type LoginOutcome, type SecondFactor, signIn } from './login.ts';

const credentialsSchema = loginRequest.pick({ username: true, password: true });

export default function LoginScreen() {
  const navigate = useNavigate();
  const [alreadySignedIn] = useState(() => getState().token !== null);
  const [pending, setPending] = useState<Credentials | null>(null);
  const form = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { username: '', password: '' },
  });

  if (alreadySignedIn) return <Navigate to={DEFAULT_ROUTE} replace />;

  const finish = async (outcome: LoginOutcome, credentials: Credentials) => {
    if (outcome.kind === 'code-required') {
      setPending(credentials);
      return;
    }
    if (outcome.kind === 'failed') {
      notifyError(outcome.message);
      return;
    }
    // Spec 4: app data loads, then the remembered logged-out path, else the role's home.
    queryClient.clear();
    navigate(takeLoggedOutPath() ?? homePath(outcome.session), { replace: true });
  };

  if (pending) {
    return (
      <CodeStep
        onSubmit={async (factor: SecondFactor) => finish(await signIn(pending, factor), pending)}
        onBack={() => setPending(null)}
      />
    );
  }

  const submit = form.handleSubmit(async (credentials) => finish(await signIn(credentials), credentials));
  const { errors, isSubmitting } = form.formState;
  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label="Sign in">
      <Typography variant="h5" component="h1">
        Sign in
      </Typography>
      <TextField
        label="Username"
        autoComplete="username"
        autoFocus
        fullWidth
        {...form.register('username')}
        error={Boolean(errors.username)}
        helperText={errors.username?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        fullWidth
        {...form.register('password')}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        Sign in
      </Button>
      <Link component={RouterLink} to="/auth/forgotten-password" variant="body2" sx={{ alignSelf: 'center' }}>
        Forgotten password?
      </Link>
    </Stack>
  );
}
