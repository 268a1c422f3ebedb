import type { CustomerQueue, DestinationQueue } from '@mailwright/contract';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/format.ts';
import type { CardColumn } from '../../components/ListCard.tsx';

const count = (label: string, pick: (row: DestinationQueue | CustomerQueue) => number) => ({
  id: label.toLowerCase().replace(/ /g, '_'),
  label,
  render: pick,
});

/** "Paused" beside a destination or customer an operator paused. */
const PausedChip = ({ paused }: { paused: boolean }) =>
  paused ? <Chip size="small" color="warning" variant="outlined" label="Paused" sx={{ ml: 1 }} /> : null;

/** On a phone the counts go under the name instead of columns of their own. */
const PhoneCounts = ({ row }: { row: DestinationQueue | CustomerQueue }) => (
  <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { xs: 'block', sm: 'none' } }}>
    {row.queued} queued · {row.deferred} deferred{row.paused ? ` · ${row.paused} held` : ''}
  </Typography>
);

export const DESTINATION_COLUMNS: CardColumn<DestinationQueue>[] = [
  {
    id: 'destination',
    label: 'Destination',
    cellSx: { minWidth: 120, overflowWrap: 'anywhere' },
    render: (row) => (
      <>
        <span>{row.destination}</span>
        <PausedChip paused={row.is_paused} />
        {row.backoff && (
          <Typography variant="caption" color="warning.main" component="div">
            Backoff until {formatDateTime(row.backoff.until)}: {row.backoff.reason}
          </Typography>
        )}
        <PhoneCounts row={row} />
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
  { ...count('Held', (row) => row.paused), hideBelow: 'sm' },
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

export const CUSTOMER_COLUMNS: CardColumn<CustomerQueue>[] = [
  {
    id: 'customer',
    label: 'Customer',
    cellSx: { minWidth: 110, overflowWrap: 'break-word' },
    render: (row) => (
      <>
        {row.customer}
        <PausedChip paused={row.is_paused} />
        <PhoneCounts row={row} />
      </>
    ),
  },
  { ...count('Queued', (row) => row.queued), hideBelow: 'sm' },
  { ...count('In flight', (row) => row.in_flight), hideBelow: 'sm' },
  { ...count('Deferred', (row) => row.deferred), hideBelow: 'sm' },
  { ...count('Held', (row) => row.paused), hideBelow: 'sm' },
  { id: 'oldest', label: 'Oldest', hideBelow: 'sm', render: (row) => formatDateTime(row.oldest) },
];
