import {
  ACTIONS,
  eventLabel,
  INBOUND_EVENT_NAME,
  type InboundEventDetail,
  type LogChannel,
  type LogEntry,
} from '@mailwright/contract';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { TimeFrame, type TimeFrameValue, useTimeFrame } from '../../components/TimeFrame.tsx';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import type { WorkingDomain } from '../../lib/store.ts';
import { EventChip } from './EventChip.tsx';
import { InboundDrawer } from './InboundDrawer.tsx';
import { type LogFilters, useLogList } from './logs.api.ts';
import { MessageDrawer } from './MessageDrawer.tsx';

/** /analytics/logs: the working domain's events, 20 a page, with a drawer telling one message's whole story. */
export default function LogsScreen() {
  return <WorkingDomainGate>{(domain) => <Logs domain={domain} />}</WorkingDomainGate>;
}

/** The event filter's codes: every action, and the inbound event. */
const EVENT_CODES = [...ACTIONS, INBOUND_EVENT_NAME];
const CHANNEL_LABELS: Record<LogChannel, string> = { all: 'All mail', outbound: 'Outbound', inbound: 'Inbound' };

type InboundEntry = LogEntry & { inbound: InboundEventDetail };
const isInbound = (entry: LogEntry | null): entry is InboundEntry => entry?.inbound != null;

function toFilters(frame: TimeFrameValue, action: string, channel: LogChannel): LogFilters {
  return {
    from: frame.from.toISOString(),
    // A preset runs up to now (new events keep arriving); custom dates end where the person said.
    ...(frame.preset === 'custom' ? { to: frame.to.toISOString() } : {}),
    ...(action ? { action } : {}),
    ...(channel !== 'all' ? { channel } : {}),
  };
}

/** An inbound line's route and outcome (the SMTP reply column of outbound lines). */
function inboundSummary(inbound: InboundEventDetail): string {
  const route =
    inbound.route_id === null ? 'no route' : `route ${inbound.route ? `“${inbound.route}”` : `#${inbound.route_id}`}`;
  return `${inbound.outcome} · ${route}`;
}

function Logs({ domain }: { domain: WorkingDomain }) {
  const [frame, setFrame] = useTimeFrame();
  const [action, setAction] = useState('');
  const [channel, setChannel] = useState<LogChannel>('all');
  const filters = useMemo(() => toFilters(frame, action, channel), [frame, action, channel]);
  const list = useLogList(domain.did, filters);
  const [open, setOpen] = useState<LogEntry | null>(null);
  // Other filters show other events: start again at the first page.
  const changeFrame = (next: TimeFrameValue) => {
    setFrame(next);
    list.setSkip(0);
  };
  const changeAction = (next: string) => {
    setAction(next);
    list.setSkip(0);
  };
  const changeChannel = (next: LogChannel) => {
    setChannel(next);
    list.setSkip(0);
  };

  const columns: Column<LogEntry>[] = [
    {
      id: 'time',
      label: 'Time',
      sortKey: 'created_at',
      render: (entry) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Link component="button" type="button" onClick={() => setOpen(entry)} sx={{ textAlign: 'left' }}>
            {formatDateTime(entry.created_at)}
          </Link>
          {/* On a phone the event and recipient columns are hidden: they show here instead. */}
          <Stack spacing={0.5} sx={{ display: { xs: 'flex', sm: 'none' }, alignItems: 'flex-start' }}>
            <EventChip event={entry.event} />
            <Box sx={{ wordBreak: 'break-all' }}>{entry.recipient}</Box>
            {entry.inbound ? (
              <Typography variant="caption" color="text.secondary">
                {inboundSummary(entry.inbound)}
              </Typography>
            ) : null}
          </Stack>
        </Stack>
      ),
    },
    {
      id: 'event',
      label: 'Event',
      sortKey: 'event',
      hideBelow: 'sm',
      render: (entry) => <EventChip event={entry.event} />,
    },
    {
      id: 'recipient',
      label: 'Recipient',
      sortKey: 'recipient',
      hideBelow: 'sm',
      render: (entry) => <Box sx={{ wordBreak: 'break-all', minWidth: 120 }}>{entry.recipient}</Box>,
    },
    {
      id: 'subject',
      label: 'Subject',
      hideBelow: 'md',
      render: (entry) => (
        <Box sx={{ maxWidth: 280 }}>
          <Typography variant="body2" noWrap title={entry.subject ?? ''}>
            {entry.subject ?? '—'}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p" title={entry.from ?? ''}>
            {entry.inbound ? `from ${entry.from || entry.inbound.sender || 'the null sender'}` : (entry.from ?? '')}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'reply',
      label: 'SMTP reply / route',
      hideBelow: 'lg',
      render: (entry) => (
        <Typography
          variant="body2"
          title={entry.reply ?? ''}
          sx={{ fontFamily: 'monospace', fontSize: '0.8rem', maxWidth: 420, wordBreak: 'break-word' }}
        >
          {entry.inbound ? inboundSummary(entry.inbound) : (entry.reply ?? entry.category ?? '—')}
        </Typography>
      ),
    },
  ];

  return (
    <Box component="section" aria-labelledby="logs-title">
      <Typography id="logs-title" variant="h6" component="h2">
        Logs
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What happened to the mail of {domain.name}, newest first. Open a line for the whole message.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TimeFrame value={frame} onChange={changeFrame} />
        <TextField
          select
          size="small"
          label="Event"
          value={action}
          onChange={(event) => changeAction(event.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">All events</MenuItem>
          {EVENT_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {code === INBOUND_EVENT_NAME ? 'Received (inbound)' : eventLabel(code)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Direction"
          value={channel}
          onChange={(event) => changeChannel(event.target.value as LogChannel)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 150 }}
        >
          {(Object.keys(CHANNEL_LABELS) as LogChannel[]).map((code) => (
            <MenuItem key={code} value={code}>
              {CHANNEL_LABELS[code]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <DataTable
        label="Log"
        columns={columns}
        list={list}
        rowKey={(entry) => entry.id}
        onRowClick={setOpen}
        searchLabel="Recipient address"
        emptyText="No events in this time frame."
        rowActions={(entry) => (
          <Tooltip title="Message details">
            <IconButton
              size="small"
              aria-label={`Details of ${entry.event} for ${entry.recipient}`}
              onClick={() => setOpen(entry)}
            >
              <ChevronRightIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
      <MessageDrawer did={domain.did} entry={isInbound(open) ? null : open} onClose={() => setOpen(null)} />
      <InboundDrawer did={domain.did} entry={isInbound(open) ? open : null} onClose={() => setOpen(null)} />
    </Box>
  );
}
