import { backoffEndpoints, type DestinationBackoff } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { useRemoveMutation } from '../../components/listMutations.ts';
import { api } from '../../lib/api.ts';

const BACKOFF_KEY = ['destination-backoff'] as const;
/** Spec 9's periodic refresh: a backoff starts and ends while the screen is open. */
const REFRESH_MS = 20_000;

const COLUMNS: CardColumn<DestinationBackoff>[] = [
  {
    id: 'destination',
    label: 'Destination',
    cellSx: { wordBreak: 'break-all' },
    render: (row) => (
      <>
        {row.destination}
        {row.mx_host ? (
          <Typography variant="caption" color="text.secondary" component="div">
            via {row.mx_host}
          </Typography>
        ) : null}
      </>
    ),
  },
  {
    id: 'why',
    label: 'Why',
    cellSx: { minWidth: 200, fontFamily: 'monospace', fontSize: 13 },
    render: (row) => row.reason,
  },
  { id: 'rule', label: 'Rule', hideBelow: 'md', render: (row) => row.smtp_pattern_id ?? '—' },
  { id: 'replies', label: 'Replies', hideBelow: 'md', render: (row) => row.hits },
  {
    id: 'since',
    label: 'Since',
    hideBelow: 'md',
    cellSx: { whiteSpace: 'nowrap' },
    render: (row) => formatDateTime(row.started_at),
  },
  { id: 'until', label: 'Until', cellSx: { whiteSpace: 'nowrap' }, render: (row) => formatDateTime(row.until) },
];

/** Destinations an SMTP pattern put in backoff now, and why (the reply and the rule), with a way to end it early. */
export function BackoffCard() {
  const backoff = useQuery({
    queryKey: BACKOFF_KEY,
    queryFn: ({ signal }) => api(backoffEndpoints.list, { signal }),
    refetchInterval: REFRESH_MS,
    // The card says itself that it could not load; the rules above stay usable.
    meta: { silent: true },
  });
  const [ending, setEnding] = useState<DestinationBackoff | null>(null);
  const end = useRemoveMutation(BACKOFF_KEY, (destination: string) =>
    api(backoffEndpoints.remove, { params: { destination } }),
  );

  return (
    <>
      <ListCard
        title="Destinations in backoff"
        heading="h3"
        description="Fewer connections, a slower rate and longer retries until the time shown, or until a delivery succeeds."
        mt={3}
        loadingLabel="Loading backoff"
        query={backoff}
        columns={COLUMNS}
        rowKey={(row) => row.destination}
        rowActions={(row) => (
          <Button size="small" onClick={() => setEnding(row)}>
            End
          </Button>
        )}
        emptyText="No destination is in backoff."
        errorText="The backoff list could not be loaded."
      />
      <ConfirmDialog
        open={ending !== null}
        title="End backoff"
        message={ending ? `Deliver to ${ending.destination} at the normal pace again now?` : ''}
        confirmLabel="End backoff"
        onConfirm={() => (ending ? end.mutateAsync(ending.destination) : Promise.resolve())}
        onClose={() => setEnding(null)}
      />
    </>
  );
}
