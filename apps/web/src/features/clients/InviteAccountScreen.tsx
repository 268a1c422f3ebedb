import { zodResolver } from '@hookform/resolvers/zod';
import { accountSignupInput, INVITE_REDIRECT_MS } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { FormTextField } from '../../components/FormFields.tsx';
import { withQueryScope } from '../../components/QueryScope.tsx';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { checkAccountInvite, completeAccountInvite } from './clients.api.ts';

/**
 * /invite?token=… (guest route): a person invited to open an account as a client names the company and chooses a
 * sign-in; the account is created and the page goes on to its vetting form (after 5000 ms, as invitations do).
 */
function InviteAccountScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [done, setDone] = useState<{ message: string; next: string } | null>(null);
  const invite = useQuery({
    queryKey: ['account-invite', token],
    queryFn: () => checkAccountInvite(token),
    enabled: token.length > 0,
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const form = useForm({
    resolver: zodResolver(accountSignupInput),
    defaultValues: { company: '', full_name: '', username: '', password: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await completeAccountInvite(token, values);
      setDone({ message: answer.message, next: answer.vetting_url ?? '/auth/login' });
    } catch (error) {
      applyFieldErrors(error, form.setError);
      if (error instanceof Error) form.setError('root.server', { message: error.message });
    }
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(done.next, { replace: true }), INVITE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1">
        Open your account
      </Typography>
      {!token ? <Alert severity="error">This page opens from an invitation link.</Alert> : null}
      {invite.isPending && token ? <CircularProgress aria-label="Checking the invitation" /> : null}
      {invite.isError ? <Alert severity="error">{invite.error.message}</Alert> : null}
      {done ? (
        <>
          <Alert severity="success">{done.message}</Alert>
          <Button variant="contained" onClick={() => navigate(done.next, { replace: true })}>
            Open the vetting form
          </Button>
        </>
      ) : invite.data ? (
        <Stack component="form" noValidate spacing={2} onSubmit={submit}>
          <Typography color="text.secondary">
            {invite.data.company} invites {invite.data.email} to open a Mailwright account as its client.
          </Typography>
          {form.formState.errors.root?.server ? (
            <Alert severity="error">{form.formState.errors.root.server.message}</Alert>
          ) : null}
          <FormTextField control={form.control} name="company" label="Company" autoComplete="organization" autoFocus />
          <FormTextField control={form.control} name="full_name" label="Your name" autoComplete="name" />
          <FormTextField control={form.control} name="username" label="Username" autoComplete="username" />
          <FormTextField
            control={form.control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Open account
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

export default withQueryScope(InviteAccountScreen);
