import type { LogEntry } from '@mailwright/contract';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDateTime } from '../../components/format.ts';
import { EventChip } from './EventChip.tsx';
import { useMessageDetail } from './logs.api.ts';
import {
  AttemptsSection,
  EventsSection,
  HeadersSection,
  RecipientsSection,
  SummarySection,
} from './MessageSections.tsx';
import { VariablesSection } from './VariablesSection.tsx';

interface MessageDrawerProps {
  did: number;
  /** The log line opened; its message is loaded in full. */
  entry: LogEntry | null;
  onClose: () => void;
}

/** One message's whole story: summary, its variables, recipients, every event, every delivery attempt with the SMTP reply, headers. */
export function MessageDrawer({ did, entry, onClose }: MessageDrawerProps) {
  const titleId = useId();
  const detail = useMessageDetail(did, entry?.message_id ?? null);
  const message = detail.data;
  return (
    <Drawer
      anchor="right"
      open={entry !== null}
      onClose={onClose}
      // A drawer sits at the drawer layer, under the app bar; this one is a dialog over everything.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          // The title and close button stay in view; only the story below scrolls.
          sx: { width: { xs: '100%', sm: 560, md: 720 }, maxWidth: '100%', overflow: 'hidden' },
        },
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
          {message?.subject || entry?.subject || 'Message'}
        </Typography>
        <IconButton aria-label="Close the message details" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {detail.isFetching ? <LinearProgress aria-label="Loading the message" /> : null}
      <Box sx={{ p: 2, overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {entry ? <OpenedEvent entry={entry} /> : null}
        {entry && entry.message_id === null ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            This event has no stored message (it was refused before it was accepted).
          </Alert>
        ) : null}
        {detail.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            The message could not be loaded.
          </Alert>
        ) : null}
        {message ? (
          <Stack spacing={3} sx={{ mt: 3 }}>
            <SummarySection message={message} />
            <VariablesSection message={message} />
            <RecipientsSection message={message} />
            <EventsSection message={message} />
            <AttemptsSection message={message} />
            <HeadersSection message={message} />
          </Stack>
        ) : null}
      </Box>
    </Drawer>
  );
}

/** The log line that was opened, so it stays in view while the rest loads. */
function OpenedEvent({ entry }: { entry: LogEntry }) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <EventChip event={entry.event} />
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {entry.recipient}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(entry.created_at)}
        </Typography>
      </Stack>
      {entry.reply ? (
        <Typography variant="body2" sx={{ mt: 1, fontFamily: 'monospace', wordBreak: 'break-word' }}>
          {entry.reply}
        </Typography>
      ) : null}
    </Box>
  );
}
