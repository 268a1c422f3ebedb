import { type Credential, credentialCreate, credentialUpdate } from '@mailwright/contract';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import type { WorkingDomain } from '../../lib/store.ts';
import { useCreateSmtpUser, useResetSmtpUser } from './credentials.api.ts';
import type { ShownSecret } from './SecretDialog.tsx';
import { SmtpConnectionDetails } from './SmtpConnectionDetails.tsx';

const PASSWORD_HELP = 'Leave empty to have a strong password generated. It is shown once.';
const SHOWN_ONCE = 'Copy the SMTP password now: it is stored only hashed and cannot be shown again.';

interface CreateProps {
  domain: WorkingDomain;
  open: boolean;
  onClose: () => void;
  onCreated: (secret: ShownSecret) => void;
}

export function CreateSmtpUserDialog({ domain, open, onClose, onCreated }: CreateProps) {
  const create = useCreateSmtpUser(domain.did);
  return (
    <FormDialog
      open={open}
      title={`New SMTP user for ${domain.name}`}
      submitLabel="Create"
      schema={credentialCreate}
      defaultValues={{ login: '', password: '', note: '' }}
      onSubmit={async (body) => {
        const created = await create.mutateAsync(body);
        onCreated({
          title: 'SMTP user created',
          label: 'SMTP password',
          warning: SHOWN_ONCE,
          secret: created.password,
          details: (
            <>
              <Typography>Log in as {created.login} with this password (SMTP AUTH over STARTTLS).</Typography>
              <SmtpConnectionDetails login={created.login} />
            </>
          ),
        });
      }}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="login"
            label="Login"
            placeholder="postmaster"
            autoComplete="off"
            autoFocus
            helperText={`A name such as postmaster; it becomes postmaster@${domain.name}.`}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <FormTextField
            control={control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            helperText={PASSWORD_HELP}
          />
          <FormTextField control={control} name="note" label="Note" autoComplete="off" helperText="What uses it." />
        </>
      )}
    </FormDialog>
  );
}

interface ResetProps {
  did: number;
  user: Credential | null;
  onClose: () => void;
  onReset: (secret: ShownSecret) => void;
}

/** The API stores only a hash: a forgotten password is replaced, never shown again. */
export function ResetSmtpUserDialog({ did, user, onClose, onReset }: ResetProps) {
  const reset = useResetSmtpUser(did);
  return (
    <FormDialog
      open={user !== null}
      title={`New password for ${user?.login ?? 'SMTP user'}`}
      submitLabel="Set new password"
      schema={credentialUpdate}
      defaultValues={{ password: '', note: user?.note ?? '', reset: true }}
      onSubmit={async (body) => {
        if (!user) return;
        const saved = await reset.mutateAsync({ crid: user.crid, body });
        onReset({
          title: 'Password changed',
          label: 'SMTP password',
          warning: SHOWN_ONCE,
          secret: saved.password ?? '',
          details: (
            <>
              <Typography>The old password of {saved.login} no longer works.</Typography>
              <SmtpConnectionDetails login={saved.login} />
            </>
          ),
        });
      }}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            autoFocus
            helperText={PASSWORD_HELP}
          />
          <FormTextField control={control} name="note" label="Note" autoComplete="off" />
        </>
      )}
    </FormDialog>
  );
}
