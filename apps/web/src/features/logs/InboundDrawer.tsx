import type { InboundEventDetail, LogEntry } from '@mailwright/contract';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { EventChip } from './EventChip.tsx';
import { useStoredInbound } from './logs.api.ts';

interface InboundDrawerProps {
  did: number;
  /** The inbound log line opened (its event carries what the route did). */
  entry: (LogEntry & { inbound: InboundEventDetail }) | null;
  onClose: () => void;
}

const mono = { fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-word' } as const;

/** An inbound message's log line: who sent it to whom, the route, its outcome and what each action did. */
export function InboundDrawer({ did, entry, onClose }: InboundDrawerProps) {
  const titleId = useId();
  const inbound = entry?.inbound ?? null;
  const stored = useStoredInbound(did, inbound?.stored ? inbound.message_id : null);
  const rows: [string, ReactNode][] = inbound
    ? [
        ['From', inbound.from || '—'],
        ['Envelope sender', inbound.sender || 'null sender (<>)'],
        ['Recipient', entry?.recipient],
        ['Subject', inbound.subject || '—'],
        [
          'Route',
          inbound.route_id === null
            ? 'none (deleted, or the domain’s policy)'
            : inbound.route || `#${inbound.route_id}`,
        ],
        ['Outcome', inbound.outcome],
        ['Received', entry ? formatDateTime(entry.created_at) : ''],
      ]
    : [];
  return (
    <Drawer
      anchor="right"
      open={entry !== null}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
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
          {inbound?.subject || 'Inbound message'}
        </Typography>
        <IconButton aria-label="Close the message details" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {stored.isFetching ? <LinearProgress aria-label="Loading the stored message" /> : null}
      <Box sx={{ p: 2, overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {entry && inbound ? (
          <Stack spacing={3}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <EventChip event={entry.event} />
              <Typography variant="body2" color="text.secondary">
                {inbound.outcome}
              </Typography>
            </Stack>
            <section aria-label="Summary">
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
                  columnGap: 2,
                  rowGap: 0.5,
                  m: 0,
                }}
              >
                {rows.map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-word' }}
                    >
                      {value}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </section>
            <section aria-label="Route results">
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                Route results ({inbound.results.length})
              </Typography>
              {inbound.results.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {inbound.outcome === 'held' ? 'Held: kept, nothing else done.' : 'No actions ran.'}
                </Typography>
              ) : (
                <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 3 }}>
                  {inbound.results.map((r) => (
                    <Typography key={`${r.action}→${r.result}`} component="li" variant="body2" sx={mono}>
                      {r.action}: {r.result}
                    </Typography>
                  ))}
                </Stack>
              )}
            </section>
            <StoredMessage inbound={inbound} stored={stored} />
          </Stack>
        ) : null}
      </Box>
    </Drawer>
  );
}

function StoredMessage({
  inbound,
  stored,
}: {
  inbound: InboundEventDetail;
  stored: ReturnType<typeof useStoredInbound>;
}) {
  if (!inbound.stored) {
    return <Alert severity="info">This message was not stored: only its log line is kept.</Alert>;
  }
  if (stored.isError) return <Alert severity="error">The stored message could not be loaded.</Alert>;
  if (stored.data === null) {
    return <Alert severity="info">The stored message is no longer kept (its store() days are over).</Alert>;
  }
  const data = stored.data;
  const download = () => {
    if (!data) return;
    const bytes = Uint8Array.from(atob(data.raw), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: 'message/rfc822' }));
    Object.assign(document.createElement('a'), { href: url, download: `inbound-${data.id}.eml` }).click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-label="Stored message">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Stored message
      </Typography>
      {data ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2">
            {(data.size / 1024).toFixed(1)} KB, kept until {formatDateTime(data.expires_at)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" size="small" onClick={download}>
              Download .eml
            </Button>
            <Link component={RouterLink} to="/routes" variant="body2" sx={{ alignSelf: 'center' }}>
              Open in Routes
            </Link>
          </Stack>
          <Box
            component="pre"
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0, fontFamily: 'inherit', fontSize: '0.875rem' }}
          >
            {data.text ?? '(no text part)'}
          </Box>
        </Stack>
      ) : null}
    </section>
  );
}
