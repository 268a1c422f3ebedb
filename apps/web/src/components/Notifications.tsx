import { SNACKBAR_ERROR_MS, SNACKBAR_NOTIFICATION_MS } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { type ReactNode, useEffect, useState } from 'react';
import { clearError, clearNotification, type Notice, useAppState } from '../lib/store.ts';

/**
 * The notification area (spec 4/9): when a notification or an error with an id arrives, its snackbar opens and the
 * store is told to clear it. Notifications close after 2000 ms, errors (red) after 5000 ms; both have Close.
 */
export function Notifications() {
  const notification = useAppState((s) => s.notification);
  const error = useAppState((s) => s.error);
  const [shownNotice, setShownNotice] = useState<Notice | null>(null);
  const [shownError, setShownError] = useState<string | null>(null);
  const [noticeKey, setNoticeKey] = useState(0);
  const [errorKey, setErrorKey] = useState(0);

  useEffect(() => {
    if (!notification?.id) return;
    setShownNotice(notification);
    setNoticeKey(notification.id);
    clearNotification(notification.id);
  }, [notification]);

  useEffect(() => {
    // An error needs both an id and a message.
    if (!error?.id || !error.message) return;
    setShownError(error.message);
    setErrorKey(error.id);
    clearError(error.id);
  }, [error]);

  // A click elsewhere on the page does not dismiss a message; the timeout, Escape and Close do.
  const closeNotice = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') setShownNotice(null);
  };
  const closeError = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') setShownError(null);
  };

  return (
    <>
      <Snackbar
        key={`notice-${noticeKey}`}
        open={shownNotice !== null}
        autoHideDuration={SNACKBAR_NOTIFICATION_MS}
        onClose={closeNotice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        message={shownNotice ? withEmphasis(shownNotice) : null}
        action={
          <Button color="primary" size="small" onClick={() => setShownNotice(null)}>
            Close
          </Button>
        }
      />
      <Snackbar
        key={`error-${errorKey}`}
        open={shownError !== null}
        autoHideDuration={SNACKBAR_ERROR_MS}
        onClose={closeError}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert
          severity="error"
          variant="filled"
          role="alert"
          sx={{ width: '100%', alignItems: 'center' }}
          action={
            <Button color="inherit" size="small" onClick={() => setShownError(null)}>
              Close
            </Button>
          }
        >
          {shownError}
        </Alert>
      </Snackbar>
    </>
  );
}

/** The message as it is, with its `emphasis` word (if it holds it) in bold: the same text, read the same way. */
function withEmphasis({ message, emphasis }: Notice): ReactNode {
  const at = emphasis ? message.indexOf(emphasis) : -1;
  if (!emphasis || at < 0) return message;
  return (
    <>
      {message.slice(0, at)}
      <strong>{emphasis}</strong>
      {message.slice(at + emphasis.length)}
    </>
  );
}
