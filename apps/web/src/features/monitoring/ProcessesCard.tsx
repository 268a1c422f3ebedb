import { hasAccess, MTA_OPERATORS, type MtaProcess } from '@mailwright/contract';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/format.ts';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { useAppState } from '../../lib/store.ts';
import { useMtas } from './queues.api.ts';

const COLUMNS: CardColumn<MtaProcess>[] = [
  {
    id: 'process',
    label: 'Process',
    cellSx: { minWidth: 120, overflowWrap: 'anywhere' },
    render: (row) => (
      <>
        <strong>{row.roles.join(', ')}</strong>
        <Typography variant="caption" color="text.secondary" component="div">
          {row.host} · pid {row.pid}
        </Typography>
        {/* On a phone the load goes under the process instead of columns of its own. */}
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ display: { xs: 'block', sm: 'none' } }}
        >
          {row.in_flight} in flight · {row.delivered_last_minute} in the last minute · {row.open_connections}{' '}
          connections
        </Typography>
      </>
    ),
  },
  { id: 'version', label: 'Version', hideBelow: 'md', render: (row) => row.version },
  {
    id: 'started',
    label: 'Up since',
    hideBelow: 'md',
    cellSx: { whiteSpace: 'nowrap' },
    render: (row) => formatDateTime(row.started_at),
  },
  {
    id: 'heartbeat',
    label: 'Last heartbeat',
    hideBelow: 'sm',
    cellSx: { whiteSpace: 'nowrap' },
    render: (row) => new Date(row.heartbeat_at).toLocaleTimeString(),
  },
  { id: 'in_flight', label: 'In flight', hideBelow: 'sm', render: (row) => row.in_flight },
  { id: 'last_minute', label: 'Last minute', hideBelow: 'sm', render: (row) => row.delivered_last_minute },
  { id: 'connections', label: 'Connections', hideBelow: 'sm', render: (row) => row.open_connections },
];

/** The running processes (system/mtas); the call needs the master or mta subrole, so others get a note instead. */
export function ProcessesCard() {
  const session = useAppState((s) => s.session);
  const allowed = hasAccess(session, MTA_OPERATORS);
  const mtas = useMtas(allowed);
  if (!allowed) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        The process list is for operators with the master or mta subrole.
      </Typography>
    );
  }
  // One row per process: by_host holds each process once (by_role repeats a process under each of its roles).
  const items = mtas.data?.by_host.flatMap((group) => group.items) ?? [];
  const roles = mtas.data?.by_role.map((group) => `${group.role}: ${group.items.length}`).join(' · ');
  return (
    <ListCard
      title="Processes"
      heading="h3"
      description={
        roles
          ? `Running Mailwright processes by role — ${roles}. A process that stops leaves the list within 30 seconds.`
          : 'Running Mailwright processes. A process that stops leaves the list within 30 seconds.'
      }
      loadingLabel="Loading processes"
      query={{ ...mtas, data: mtas.data ? { items } : undefined }}
      columns={COLUMNS}
      rowKey={(row) => row.id}
      rowActions={() => null}
      emptyText="No process has reported in the last 30 seconds."
      errorText="The processes could not be loaded."
    />
  );
}
