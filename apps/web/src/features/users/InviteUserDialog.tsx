import { inviteRequest } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import { SecretReveal } from '../../components/SecretReveal.tsx';
import { useRoleOptions } from './UserFormDialog.tsx';
import { useInviteUser } from './users.api.ts';

/** A sent invitation: who it went to and the link, which the admin may also pass on by hand. */
export interface SentInvite {
  email: string;
  url: string;
}

/** Invite an external user by email (POST customers/invite); afterwards the link is shown with a copy button. */
export function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const roles = useRoleOptions();
  const [sent, setSent] = useState<SentInvite | null>(null);
  return (
    <>
      <FormDialog
        open={open}
        title="Invite a user"
        submitLabel="Send invitation"
        schema={inviteRequest}
        defaultValues={{ email: '', full_name: '', role: 'user' }}
        onSubmit={async (body) => {
          const result = await invite.mutateAsync(body);
          setSent({ email: body.email, url: result.invite_url });
        }}
        onClose={onClose}
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="email" label="Email" type="email" autoComplete="off" autoFocus />
            <FormTextField control={control} name="full_name" label="Full name" autoComplete="off" />
            <FormSelect control={control} name="role" label="Role" options={roles} />
          </>
        )}
      </FormDialog>
      <InviteLinkDialog invite={sent} onClose={() => setSent(null)} />
    </>
  );
}

export function InviteLinkDialog({ invite, onClose }: { invite: SentInvite | null; onClose: () => void }) {
  return (
    <Dialog open={invite !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="invite-link-title">
      <DialogTitle id="invite-link-title">Invitation sent</DialogTitle>
      <DialogContent>
        {invite ? (
          <SecretReveal
            secret={invite.url}
            label="invitation link"
            warning={`The invitation was mailed to ${invite.email}. You can also pass this link on yourself; it works for 7 days.`}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
