import { accountInviteInput, subaccountInput } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { useAddClient, useInviteAccount } from './clients.api.ts';

/** Add a client (company, admin e-mail): the server creates it under this customer and mails the vetting form. */
export function AddClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddClient();
  return (
    <FormDialog
      open={open}
      title="Add a client"
      submitLabel="Add client"
      schema={subaccountInput}
      defaultValues={{ company: '', email: '' }}
      onSubmit={(body) => add.mutateAsync(body)}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="company" label="Company" autoComplete="off" autoFocus />
          <FormTextField
            control={control}
            name="email"
            label="Admin e-mail"
            type="email"
            autoComplete="off"
            helperText="The client's admin: invited to set a password, and sent the vetting form."
          />
        </>
      )}
    </FormDialog>
  );
}

/** Invite a person to open an account of their own as a client (the /invite page); the link is shown afterwards. */
export function InviteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteAccount();
  const [sent, setSent] = useState<{ email: string; url: string } | null>(null);
  return (
    <>
      <FormDialog
        open={open}
        title="Invite a client"
        submitLabel="Send invitation"
        schema={accountInviteInput}
        defaultValues={{ email: '' }}
        onSubmit={async ({ email }) => {
          const answer = await invite.mutateAsync(email);
          setSent({ email, url: answer.invite_url });
        }}
        onClose={onClose}
      >
        {({ control }) => (
          <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="off" autoFocus />
        )}
      </FormDialog>
      <Dialog open={sent !== null} onClose={() => setSent(null)} maxWidth="sm" fullWidth aria-labelledby="sent-title">
        <DialogTitle id="sent-title">Invitation sent</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The invitation was mailed to {sent?.email}. You can also pass the link on yourself; it works for 7 days.
          </DialogContentText>
          <TextField
            label="Invitation link"
            value={sent?.url ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setSent(null)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
