import type { DeliveryPause } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/format.ts';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';

/** What a pause holds, in words: the destination, or the customer by name. */
export const pauseName = (pause: DeliveryPause) =>
  pause.destination ?? `customer ${pause.customer ?? `#${pause.customer_id}`}`;

const COLUMNS: CardColumn<DeliveryPause>[] = [
  {
    id: 'paused',
    label: 'Paused',
    cellSx: { minWidth: 120, overflowWrap: 'anywhere' },
    render: (row) => (
      <>
        <span>{pauseName(row)}</span>
        <Typography variant="caption" color="text.secondary" component="div">
          by {row.paused_by || 'an operator'} · {formatDateTime(row.created_at)}
        </Typography>
      </>
    ),
  },
];

/** The pauses in force, each with Resume (the destination or customer may have nothing queued right now). */
export function PausesCard(props: {
  pauses: DeliveryPause[] | undefined;
  query: { isFetching: boolean; isPending: boolean; isError: boolean };
  onResume: (pause: DeliveryPause) => void;
}) {
  return (
    <ListCard
      title="Paused"
      heading="h3"
      description="Destinations and customers an operator paused: no process delivers their messages until they are resumed."
      mt={3}
      loadingLabel="Loading the pauses"
      query={{ ...props.query, data: props.pauses ? { items: props.pauses } : undefined }}
      columns={COLUMNS}
      rowKey={(row) => row.id}
      rowActions={(row) => (
        <Button size="small" onClick={() => props.onResume(row)} aria-label={`Resume ${pauseName(row)}`}>
          Resume
        </Button>
      )}
      emptyText="Nothing is paused."
      errorText="The pauses could not be loaded."
    />
  );
}
