import { MSG } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { DEFAULT_ROUTE } from '../../app/routes.tsx';
import { LightTextField } from '../../components/LightTextField.tsx';
import { loadNotifications, preloadShellParts } from '../../components/shell-parts.ts';
import { getState, notifyError, takeLoggedOutPath } from '../../lib/store.ts';
import type { CodeStep } from './CodeStep.tsx';
import type { CredentialErrors, Credentials, LoginOutcome, SecondFactor } from './login.ts';

/**
 * The sign-in itself (the contract's schema, hence zod, and the API call) is loaded when the form is first submitted,
 * not with the page, and the form keeps its two fields in plain state instead of react-hook-form: together they are
 * a quarter of what the sign-in page would load otherwise (issue 11, console speed: the sign-in route ≤ 150 KB after
 * brotli). The form behaves as the react-hook-form one did (the contract's check on submit, the first field in error
 * focused, each field checked again as it changes once the form was submitted). A chunk that can't be fetched means
 * the server is out of reach, as for any failed sign-in. Both are fetched as soon as the visitor types, so a submit
 * rarely waits for them, and so is the message area (components/shell-parts.ts); should the server have gone away
 * before that, the form shows the failure itself.
 */
const loadLogin = () => import('./login.ts').catch(() => null);

const FIELDS = ['username', 'password'] as const;

interface PendingCode {
  credentials: Credentials;
  /** The code step, loaded when the server asks for a code (most users have no second factor). */
  Step: typeof CodeStep;
}

async function signIn(credentials: Credentials, secondFactor?: SecondFactor): Promise<LoginOutcome> {
  const login = await loadLogin();
  if (!login) return { kind: 'failed', message: MSG.loginNoConnection };
  return login.signIn(credentials, secondFactor);
}

export default function LoginScreen() {
  const navigate = useNavigate();
  const [alreadySignedIn] = useState(() => getState().token !== null);
  const [pending, setPending] = useState<PendingCode | null>(null);
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [unsent, setUnsent] = useState<string | null>(null);
  const typedIn = useRef(false);
  const inputs = useRef<Partial<Record<keyof Credentials, HTMLInputElement | null>>>({});

  if (alreadySignedIn) return <Navigate to={DEFAULT_ROUTE} replace />;

  const finish = async (outcome: LoginOutcome, credentials: Credentials) => {
    if (outcome.kind === 'code-required') {
      const step = await import('./CodeStep.tsx').catch(() => null);
      if (step) setPending({ credentials, Step: step.CodeStep });
      else await finish({ kind: 'failed', message: MSG.loginNoConnection }, credentials);
      return;
    }
    if (outcome.kind === 'failed') {
      notifyError(outcome.message);
      // The message area loads on demand: if the server went away before it was fetched, the form says it instead.
      const shown = await loadNotifications().then(
        () => true,
        () => false,
      );
      setUnsent(shown ? null : outcome.message);
      return;
    }
    // Spec 4: app data loads (signIn cleared the previous session's), then the remembered logged-out path, else the
    // role's home.
    navigate(takeLoggedOutPath() ?? outcome.home, { replace: true });
  };

  if (pending) {
    const { credentials, Step } = pending;
    return (
      <Step
        onSubmit={async (factor: SecondFactor) => finish(await signIn(credentials, factor), credentials)}
        onBack={() => setPending(null)}
      />
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setSubmitted(true);
    setUnsent(null);
    try {
      const login = await loadLogin();
      if (!login) {
        await finish({ kind: 'failed', message: MSG.loginNoConnection }, values);
        return;
      }
      const checked = login.checkCredentials(values);
      if ('errors' in checked) {
        setErrors(checked.errors);
        inputs.current[FIELDS.find((field) => checked.errors[field]) ?? 'username']?.focus();
        return;
      }
      setErrors({});
      await finish(await login.signIn(checked.credentials), checked.credentials);
    } finally {
      setSubmitting(false);
    }
  };

  const change = (field: keyof Credentials) => async (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (!typedIn.current) {
      // The visitor is signing in: fetch the sign-in code and the message area now, while the server is reachable
      // (a lost connection at submit must still be able to say so).
      typedIn.current = true;
      void loadLogin();
      preloadShellParts();
    }
    if (!submitted) return;
    const login = await loadLogin();
    if (!login) return;
    const checked = login.checkCredentials(next);
    setErrors((current) => ({ ...current, [field]: 'errors' in checked ? checked.errors[field] : undefined }));
  };

  const field = (name: keyof Credentials) => ({
    name,
    value: values[name],
    onChange: change(name),
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label="Sign in">
      <Typography variant="h5" component="h1">
        Sign in
      </Typography>
      <LightTextField label="Username" autoComplete="username" autoFocus {...field('username')} />
      <LightTextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      {unsent ? (
        <Typography role="alert" variant="body2" color="error">
          {unsent}
        </Typography>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        Sign in
      </Button>
      <Link component={RouterLink} to="/auth/forgotten-password" variant="body2" sx={{ alignSelf: 'center' }}>
        Forgotten password?
      </Link>
    </Stack>
  );
}
