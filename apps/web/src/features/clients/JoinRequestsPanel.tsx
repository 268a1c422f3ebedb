import { zodResolver } from '@hookform/resolvers/zod';
import { joinRequestInput } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { useDecideJoin, useJoinStatus, useRequestJoin } from './clients.api.ts';

/**
 * Join requests on /clients (S2-112): the ones waiting for this customer's admins, to approve or decline, and this
 * customer's own request to be placed under another (an approver is required, spec 6).
 */
export function JoinRequestsPanel() {
  const status = useJoinStatus();
  const decide = useDecideJoin();
  const received = status.data?.received ?? [];
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Card variant="outlined" component="section" aria-labelledby="join-received-title">
        <CardContent>
          <Typography id="join-received-title" variant="h6" component="h2" gutterBottom>
            Join requests
          </Typography>
          {received.length === 0 ? (
            <Typography color="text.secondary">No customer is asking to become your client.</Typography>
          ) : (
            <List disablePadding>
              {received.map((request) => (
                <ListItem key={request.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} secondaryAction={undefined}>
                  <ListItemText
                    sx={{ minWidth: 200 }}
                    primary={request.requester.customer}
                    secondary={`${request.requester.username ?? 'someone'} asked ${request.approver}, ${formatDateTime(request.created_at)}`}
                  />
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ ref: String(request.id), decision: 'decline' })}
                    >
                      Decline
                    </Button>
                    <Button
                      size="small"
                      variant="contained"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ ref: String(request.id), decision: 'approve' })}
                    >
                      Approve
                    </Button>
                  </Stack>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      <JoinParentCard pending={status.data?.request ?? null} />
    </Stack>
  );
}

function JoinParentCard({ pending }: { pending: { approver: string; created_at: string } | null }) {
  const request = useRequestJoin();
  const form = useForm({ resolver: zodResolver(joinRequestInput), defaultValues: { approver: '' } });
  const submit = form.handleSubmit(async ({ approver }) => {
    try {
      await request.mutateAsync(approver);
      form.reset({ approver: '' });
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="join-parent-title">
      <CardContent>
        <Typography id="join-parent-title" variant="h6" component="h2" gutterBottom>
          Join a parent account
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Ask to become the client of another customer: name one of its admins, who receives a link to approve.
        </Typography>
        {pending ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Waiting for {pending.approver} since {formatDateTime(pending.created_at)}.
          </Alert>
        ) : null}
        <Stack component="form" noValidate onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <FormTextField control={form.control} name="approver" label="Approver (username or e-mail)" size="small" />
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ flexShrink: 0 }}>
            Send request
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
