import type { CustomerQueue, DestinationQueue } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { DeferredBulkDialog } from './DeferredBulkDialog.tsx';
import { ProcessesCard } from './ProcessesCard.tsx';
import { useQueues, useRetryDestination } from './queues.api.ts';

const count = (label: string, pick: (row: DestinationQueue | CustomerQueue) => number) => ({
  id: label.toLowerCase().replace(/ /g, '_'),
  label,
  render: pick,
});

const DESTINATION_COLUMNS: CardColumn<DestinationQueue>[] = [
  {
    id: 'destination',
    label: 'Destination',
    cellSx: { minWidth: 120, overflowWrap: 'anywhere' },
    render: (row) => (
      <>
        <span>{row.destination}</span>
        {row.backoff && (
          <Typography variant="caption" color="warning.main" component="div">
            Backoff until {formatDateTime(row.backoff.until)}: {row.backoff.reason}
          </Typography>
        )}
        {/* On a phone the counts and the reply go under the destination instead of columns of their own. */}
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ display: { xs: 'block', sm: 'none' } }}
        >
          {row.queued} queued · {row.deferred} deferred
        </Typography>
        {row.last_reply && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ display: { xs: 'block', md: 'none' } }}
          >
            {row.last_reply}
          </Typography>
        )}
      </>
    ),
  },
  { ...count('Queued', (row) => row.queued), hideBelow: 'sm' },
  { ...count('In flight', (row) => row.in_flight), hideBelow: 'sm' },
  { ...count('Deferred', (row) => row.deferred), hideBelow: 'sm' },
  { id: 'oldest', label: 'Oldest', hideBelow: 'md', render: (row) => formatDateTime(row.oldest) },
  { id: 'next', label: 'Next attempt', hideBelow: 'sm', render: (row) => formatDateTime(row.next_attempt) },
  {
    id: 'reply',
    label: 'Why deferred',
    hideBelow: 'md',
    cellSx: { minWidth: 160, overflowWrap: 'anywhere' },
    render: (row) => row.last_reply ?? '—',
  },
];

const CUSTOMER_COLUMNS: CardColumn<CustomerQueue>[] = [
  {
    id: 'customer',
    label: 'Customer',
    cellSx: { minWidth: 110, overflowWrap: 'break-word' },
    render: (row) => (
      <>
        {row.customer}
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ display: { xs: 'block', sm: 'none' } }}
        >
          {row.queued} queued · {row.deferred} deferred
        </Typography>
      </>
    ),
  },
  { ...count('Queued', (row) => row.queued), hideBelow: 'sm' },
  { ...count('In flight', (row) => row.in_flight), hideBelow: 'sm' },
  { ...count('Deferred', (row) => row.deferred), hideBelow: 'sm' },
  { id: 'oldest', label: 'Oldest', hideBelow: 'sm', render: (row) => formatDateTime(row.oldest) },
];

/**
 * /monitoring/rabbitmq (superadmin), the monitoring section's default tab: the running processes and the delivery
 * queue by destination and by customer, with "Retry now" for a destination's deferred messages.
 */
export default function QueuesScreen() {
  const queues = useQueues();
  const retry = useRetryDestination();
  const [retrying, setRetrying] = useState<DestinationQueue | null>(null);
  const [bulk, setBulk] = useState(false);
  const delivery = queues.data?.delivery;
  const total = delivery?.total;
  return (
    <Box component="section" aria-labelledby="queues-title">
      <Typography id="queues-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Queues
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {total
          ? `${total.queued} queued · ${total.in_flight} in flight · ${total.deferred} deferred. Refreshes every 20 seconds.`
          : 'Processes and the delivery queue. Refreshes every 20 seconds.'}
      </Typography>
      <ProcessesCard />
      <ListCard
        title="By destination"
        heading="h3"
        description="The most queued destinations: deferred messages wait for their next attempt; retry them now once the destination accepts mail again."
        mt={3}
        action={
          <Button variant="outlined" size="small" onClick={() => setBulk(true)} sx={{ flexShrink: 0 }}>
            Deferred messages…
          </Button>
        }
        loadingLabel="Loading the queue by destination"
        query={{ ...queues, data: delivery ? { items: delivery.by_destination } : undefined }}
        columns={DESTINATION_COLUMNS}
        rowKey={(row) => row.destination}
        rowActions={(row) =>
          row.deferred > 0 ? (
            <Button size="small" onClick={() => setRetrying(row)} aria-label={`Retry ${row.destination} now`}>
              Retry now
            </Button>
          ) : null
        }
        emptyText="Nothing is queued."
        errorText="The delivery queue could not be loaded."
      />
      <ListCard
        title="By customer"
        heading="h3"
        description="The customers with the most messages queued."
        mt={3}
        loadingLabel="Loading the queue by customer"
        query={{ ...queues, data: delivery ? { items: delivery.by_customer } : undefined }}
        columns={CUSTOMER_COLUMNS}
        rowKey={(row) => row.customer_id}
        rowActions={() => null}
        emptyText="Nothing is queued."
        errorText="The delivery queue could not be loaded."
      />
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 0.5, fontSize: '1rem' }}>
        RabbitMQ
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {queues.data && !queues.data.rabbitmq.configured
          ? 'No RabbitMQ broker is configured: events go through the database outbox, so there are no broker queues to show.'
          : ''}
      </Typography>
      <DeferredBulkDialog open={bulk} customers={delivery?.by_customer ?? []} onClose={() => setBulk(false)} />
      <ConfirmDialog
        open={retrying !== null}
        title="Retry now"
        message={
          retrying
            ? `Retry the ${retrying.deferred} deferred message${retrying.deferred === 1 ? '' : 's'} to ${retrying.destination} now instead of at the next attempt?`
            : ''
        }
        confirmLabel="Retry now"
        onConfirm={() => (retrying ? retry.mutateAsync(retrying.destination) : Promise.resolve())}
        onClose={() => setRetrying(null)}
      />
    </Box>
  );
}
