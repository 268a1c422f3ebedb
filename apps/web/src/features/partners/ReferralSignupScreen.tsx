import { zodResolver } from '@hookform/resolvers/zod';
import { INVITE_REDIRECT_MS, partnersEndpoints, referralSignupInput } from '@mailwright/contract';
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
import { api } from '../../lib/api.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';

const e = partnersEndpoints;

/**
 * /invite?ref=… (guest route): a partner's referral link. The person names the company, an e-mail address and a
 * sign-in; the account is created as the partner's client and referral, and the page goes on to the vetting form.
 */
function ReferralSignupScreen() {
  const [params] = useSearchParams();
  const code = params.get('ref') ?? '';
  const navigate = useNavigate();
  const [done, setDone] = useState<{ message: string; next: string } | null>(null);
  const link = useQuery({
    queryKey: ['referral-link', code],
    queryFn: () => api(e.linkCheck, { params: { token: code }, quiet: true }),
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const form = useForm({
    resolver: zodResolver(referralSignupInput),
    defaultValues: { company: '', full_name: '', email: '', username: '', password: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await api(e.linkSignup, { params: { token: code }, body, quiet: true });
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
      {link.isPending ? <CircularProgress aria-label="Checking the referral link" /> : null}
      {link.isError ? <Alert severity="error">{link.error.message}</Alert> : null}
      {done ? (
        <>
          <Alert severity="success">{done.message}</Alert>
          <Button variant="contained" onClick={() => navigate(done.next, { replace: true })}>
            Open the vetting form
          </Button>
        </>
      ) : link.data ? (
        <Stack component="form" noValidate spacing={2} onSubmit={submit}>
          <Typography color="text.secondary">{link.data.partner} invites you to open a Mailwright account.</Typography>
          {form.formState.errors.root?.server ? (
            <Alert severity="error">{form.formState.errors.root.server.message}</Alert>
          ) : null}
          <FormTextField control={form.control} name="company" label="Company" autoComplete="organization" autoFocus />
          <FormTextField control={form.control} name="full_name" label="Your name" autoComplete="name" />
          <FormTextField control={form.control} name="email" label="E-mail address" type="email" autoComplete="email" />
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

export default withQueryScope(ReferralSignupScreen);
