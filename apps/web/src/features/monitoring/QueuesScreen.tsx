import type { DestinationQueue } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ListCard } from '../../components/ListCard.tsx';
import { DeferredBulkDialog } from './DeferredBulkDialog.tsx';
import { EventBusCard } from './EventBusCard.tsx';
import { PausesCard, pauseName } from './PausesCard.tsx';
import { ProcessesCard } from './ProcessesCard.tsx';
import { CUSTOMER_COLUMNS, DESTINATION_COLUMNS } from './queueColumns.tsx';
import { type PauseTarget, usePauseAction, useQueues, useRetryDestination } from './queues.api.ts';

/** A pause or resume waiting for the operator's confirm. */
interface PauseAsk {
  target: PauseTarget;
  pause: boolean;
  name: string;
  /** Messages queued there now (the dialog says how many it holds or lets go). */
  queued: number | null;
}

const plural = (n: number) => `${n} message${n === 1 ? '' : 's'}`;

function pauseMessage(ask: PauseAsk): string {
  const queued = ask.queued === null ? '' : ` (${plural(ask.queued)} queued now)`;
  return ask.pause
    ? `Pause ${ask.name}${queued}? Its messages are held and no process delivers them until you resume it; messages in flight finish their attempt.`
    : `Resume ${ask.name}? Its held messages go now.`;
}

/**
 * /monitoring/rabbitmq (superadmin), the monitoring section's default tab: the running processes and the delivery
 * queue by destination and by customer, with "Retry now" for a destination's deferred messages, pause and resume of
 * a destination or a customer, and the bulk actions by filter; then the event bus (EventBusCard).
 */
export default function QueuesScreen() {
  const queues = useQueues();
  const retry = useRetryDestination();
  const [retrying, setRetrying] = useState<DestinationQueue | null>(null);
  const [bulk, setBulk] = useState(false);
  const pauseAction = usePauseAction();
  const [asking, setAsking] = useState<PauseAsk | null>(null);
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
        {total?.paused ? ` ${plural(total.paused)} held by a pause.` : ''}
      </Typography>
      <ProcessesCard />
      <ListCard
        title="By destination"
        heading="h3"
        description="The most queued destinations: deferred messages wait for their next attempt; retry them now once the destination accepts mail again, or pause a destination that refuses mail."
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
        rowActions={(row) => (
          <>
            {row.deferred > 0 && (
              <Button size="small" onClick={() => setRetrying(row)} aria-label={`Retry ${row.destination} now`}>
                Retry now
              </Button>
            )}
            <Button
              size="small"
              onClick={() =>
                setAsking({
                  target: { destination: row.destination },
                  pause: !row.is_paused,
                  name: row.destination,
                  queued: row.queued,
                })
              }
              aria-label={`${row.is_paused ? 'Resume' : 'Pause'} ${row.destination}`}
            >
              {row.is_paused ? 'Resume' : 'Pause'}
            </Button>
          </>
        )}
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
        rowActions={(row) => (
          <Button
            size="small"
            onClick={() =>
              setAsking({
                target: { customerId: row.customer_id },
                pause: !row.is_paused,
                name: `customer ${row.customer}`,
                queued: row.queued,
              })
            }
            aria-label={`${row.is_paused ? 'Resume' : 'Pause'} customer ${row.customer}`}
          >
            {row.is_paused ? 'Resume' : 'Pause'}
          </Button>
        )}
        emptyText="Nothing is queued."
        errorText="The delivery queue could not be loaded."
      />
      <PausesCard
        pauses={delivery?.pauses}
        query={queues}
        onResume={(pause) =>
          setAsking({
            target: pause.destination ? { destination: pause.destination } : { customerId: pause.customer_id ?? 0 },
            pause: false,
            name: pauseName(pause),
            queued: null,
          })
        }
      />
      <EventBusCard status={queues.data?.rabbitmq} isError={queues.isError} />
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
      <ConfirmDialog
        open={asking !== null}
        title={asking?.pause ? 'Pause delivery' : 'Resume delivery'}
        message={asking ? pauseMessage(asking) : ''}
        confirmLabel={asking?.pause ? 'Pause' : 'Resume'}
        destructive={asking?.pause === true}
        onConfirm={() => (asking ? pauseAction.mutateAsync(asking) : Promise.resolve())}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
