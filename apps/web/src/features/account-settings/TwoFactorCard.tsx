import { zodResolver } from '@hookform/resolvers/zod';
import { sessionEndpoints, type TwoFactorDisable, twoFactorDisable, type twoFactorSetup } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../components/FormFields.tsx';
import { api } from '../../lib/api.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { checkSession } from '../../lib/session.ts';
import { notify, useAppState } from '../../lib/store.ts';

type Setup = z.infer<typeof twoFactorSetup>;

/** Turn the TOTP second factor on (scan the QR code, confirm a code) or off, for the signed-in user. */
export function TwoFactorCard() {
  const enabled = useAppState((s) => s.session?.totp_enabled ?? false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const start = useMutation({
    mutationFn: () => api(sessionEndpoints.twoFactorSetup),
    onSuccess: setSetup,
  });
  const [disabling, setDisabling] = useState(false);

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h3">
            Two-factor authentication
          </Typography>
          <Chip size="small" color={enabled ? 'success' : 'default'} label={enabled ? 'On' : 'Off'} />
        </Stack>
        <Typography color="text.secondary">
          Sign-in asks for a one-time code from an authenticator app after the password.
        </Typography>
        {setup && !enabled ? <ConfirmSetup setup={setup} onDone={() => setSetup(null)} /> : null}
        {enabled && disabling ? <ConfirmDisable onDone={() => setDisabling(false)} /> : null}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {enabled ? (
          disabling ? null : (
            <Button color="error" onClick={() => setDisabling(true)}>
              Turn off
            </Button>
          )
        ) : setup ? (
          <Button onClick={() => setSetup(null)}>Cancel</Button>
        ) : (
          <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
            Turn on
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

function ConfirmSetup({ setup, onDone }: { setup: Setup; onDone: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const enable = useMutation({
    mutationFn: ({ code }: { code: string }) =>
      api(sessionEndpoints.twoFactorEnable, { body: { code, secret: setup.secret } }),
    onError: (error) => applyFieldErrors(error, form.setError),
    onSuccess: async (result) => {
      notify(result.message);
      await checkSession();
      onDone();
    },
  });

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 200 })
      .then((url) => current && setQr(url))
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [setup.otpauth_url]);

  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ mt: 2 }}
      noValidate
      aria-label="Confirm two-factor authentication"
      onSubmit={form.handleSubmit((values) => enable.mutate(values))}
    >
      <Typography>Scan this code with your authenticator app, then enter the code it shows.</Typography>
      {qr ? (
        <img
          src={qr}
          alt="QR code of the authenticator secret"
          width={200}
          height={200}
          style={{ background: '#fff' }}
        />
      ) : null}
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {setup.secret}
      </Typography>
      <TextField
        label="Code"
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        {...form.register('code')}
        error={Boolean(form.formState.errors.code)}
        helperText={form.formState.errors.code?.message}
      />
      <Button type="submit" variant="contained" disabled={enable.isPending} sx={{ alignSelf: 'flex-start' }}>
        Confirm
      </Button>
    </Stack>
  );
}

/** Turning the second factor off asks again who this is: the password, or a current code (the API checks either). */
function ConfirmDisable({ onDone }: { onDone: () => void }) {
  const form = useForm<TwoFactorDisable>({
    resolver: zodResolver(twoFactorDisable),
    defaultValues: { password: '', code: '' },
  });
  const disable = useMutation({
    mutationFn: (body: TwoFactorDisable) => api(sessionEndpoints.twoFactorDisable, { body }),
    onError: (error) => applyFieldErrors(error, form.setError),
    onSuccess: async (result) => {
      notify(result.message);
      await checkSession();
      onDone();
    },
  });
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ mt: 2, maxWidth: 360 }}
      noValidate
      aria-label="Turn off two-factor authentication"
      onSubmit={form.handleSubmit((values) => disable.mutate(values))}
    >
      <Typography>Confirm with your password, or with a code from your authenticator app.</Typography>
      <input type="text" autoComplete="username" hidden readOnly />
      <FormTextField
        control={form.control}
        name="password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <FormTextField
        control={form.control}
        name="code"
        label="Or a current code"
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" color="error" variant="contained" disabled={disable.isPending}>
          Turn off
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </Stack>
  );
}
