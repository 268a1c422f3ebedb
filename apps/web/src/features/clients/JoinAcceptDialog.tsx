import type { JoinReview } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { closeJoinAccept, useJoinAccept } from '../../lib/join-accept.ts';
import { reviewJoin, useDecideJoin } from './clients.api.ts';

/**
 * The layout's join-accept dialog: while the flag is up, the request behind the /join/{token} link is reviewed
 * (who asks) and approved or declined. Spec 8: a 401 or 404 on the review clears the requester and shows the message.
 */
export default function JoinAcceptDialog() {
  const { open, token } = useJoinAccept();
  const decide = useDecideJoin();
  const [requester, setRequester] = useState<JoinReview['requester'] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !token) return;
    const controller = new AbortController();
    setRequester(null);
    setMessage(null);
    reviewJoin(token, controller.signal)
      .then((review) => setRequester(review.requester))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setRequester(null);
        const known = error instanceof ApiError && (error.status === 401 || error.status === 404);
        setMessage(known || error instanceof Error ? (error as Error).message : 'Whoops something happened');
      });
    return () => controller.abort();
  }, [open, token]);

  const act = async (decision: 'confirm' | 'decline') => {
    if (!token) return;
    await decide.mutateAsync({ ref: token, decision });
    // Spec 4: deciding clears the requester data.
    setRequester(null);
    closeJoinAccept();
  };

  return (
    <Dialog open={open} onClose={() => closeJoinAccept()} maxWidth="xs" fullWidth aria-labelledby="join-accept-title">
      <DialogTitle id="join-accept-title">Join request</DialogTitle>
      <DialogContent>
        {message ? <Alert severity="error">{message}</Alert> : null}
        {!message && !requester ? <CircularProgress aria-label="Loading the join request" /> : null}
        {requester ? (
          <DialogContentText>
            <strong>{requester.customer}</strong>
            {requester.username ? ` (${requester.username}${requester.email ? `, ${requester.email}` : ''})` : ''} asks
            to become your client. Your admins will be able to act as it and see its vetting.
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        {requester ? (
          <>
            <Button disabled={decide.isPending} onClick={() => void act('decline').catch(() => undefined)}>
              Decline
            </Button>
            <Button
              variant="contained"
              disabled={decide.isPending}
              onClick={() => void act('confirm').catch(() => undefined)}
            >
              Approve
            </Button>
          </>
        ) : (
          <Button onClick={() => closeJoinAccept()}>Close</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
