import { type DeferredWebhook, eventLabel } from '@mailwright/contract';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { useDeferredWebhooks, useReplayWebhook } from './monitoring.api.ts';

const COLUMNS: Column<DeferredWebhook>[] = [
  {
    id: 'customer',
    label: 'Customer',
    render: (row) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {row.customer}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {row.domain}
        </Typography>
      </Box>
    ),
  },
  { id: 'type', label: 'Event', render: (row) => eventLabel(row.type) },
  {
    id: 'url',
    label: 'URL',
    hideBelow: 'md',
    render: (row) => (
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', maxWidth: 360 }}>
        {row.url}
      </Typography>
    ),
  },
  { id: 'attempts', label: 'Attempts', align: 'right', render: (row) => row.attempts },
  {
    id: 'last_error',
    label: 'Last answer',
    hideBelow: 'lg',
    render: (row) => (
      <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word', maxWidth: 320 }}>
        {row.last_error ?? (row.last_status === null ? '—' : String(row.last_status))}
      </Typography>
    ),
  },
  { id: 'updated_at', label: 'Last try', hideBelow: 'md', render: (row) => formatDateTime(row.updated_at) },
];

/** /monitoring/webhooks (superadmin): deferred webhooks — deliveries that failed every retry — and their replay. */
export default function DeferredWebhooksScreen() {
  const list = useDeferredWebhooks();
  const replay = useReplayWebhook(list.invalidate);
  return (
    <Box component="section" aria-labelledby="deferred-title">
      <Typography id="deferred-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Deferred webhooks
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Events whose webhook failed every retry. Replay sends one again now, with a fresh set of retries.
      </Typography>
      <DataTable
        label="Deferred webhooks"
        columns={COLUMNS}
        list={list}
        rowKey={(row) => row.id}
        emptyText="No deferred webhooks: every webhook was delivered."
        rowActions={(row) => {
          const busy = replay.isPending && replay.variables?.id === row.id;
          return (
            <Button
              size="small"
              onClick={() => replay.mutate(row)}
              disabled={busy}
              aria-label={`Replay the ${eventLabel(row.type).toLowerCase()} webhook of ${row.domain}`}
              startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <ReplayIcon fontSize="small" />}
            >
              Replay
            </Button>
          );
        }}
      />
    </Box>
  );
}
