import type { EventBusQueue, EventBusStatus } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { describeBacklog, describeRates, formatRate } from './event-bus-format.ts';

const NUMBER = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** Desktop and tablet: one table row per queue (hidden on a phone, where each queue is a card of its own). */
function QueueTable({ queues, label }: { queues: EventBusQueue[]; label: string }) {
  return (
    <TableContainer sx={{ display: { xs: 'none', sm: 'block' } }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Queue</TableCell>
            <TableCell sx={NUMBER}>Ready</TableCell>
            <TableCell sx={NUMBER}>Unacked</TableCell>
            <TableCell sx={NUMBER}>Consumers</TableCell>
            <TableCell sx={NUMBER}>Publish</TableCell>
            <TableCell sx={NUMBER}>Deliver</TableCell>
            <TableCell sx={NUMBER}>Ack</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queues.map((queue) => (
            <TableRow key={queue.name} hover>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{queue.name}</TableCell>
              <TableCell sx={NUMBER}>{queue.ready}</TableCell>
              <TableCell sx={NUMBER}>{queue.unacked}</TableCell>
              <TableCell sx={NUMBER}>{queue.consumers}</TableCell>
              <TableCell sx={NUMBER}>{formatRate(queue.publish_rate)}</TableCell>
              <TableCell sx={NUMBER}>{formatRate(queue.deliver_rate)}</TableCell>
              <TableCell sx={NUMBER}>{formatRate(queue.ack_rate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A phone: a small card per queue, its figures as short lines instead of seven columns. */
function QueueCards({ queues }: { queues: EventBusQueue[] }) {
  return (
    <Stack
      component="ul"
      spacing={1}
      sx={{ display: { xs: 'flex', sm: 'none' }, listStyle: 'none', m: 0, p: 2, pt: 0 }}
    >
      {queues.map((queue) => (
        <Paper key={queue.name} component="li" variant="outlined" aria-label={queue.name} sx={{ p: 1.5 }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {queue.name}
          </Typography>
          <Typography variant="body2">
            {queue.ready} ready · {queue.unacked} unacked · {queue.consumers} consumer{queue.consumers === 1 ? '' : 's'}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {describeRates(queue)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}

/** A setting or path in running text: monospace, and never broken across lines (a phone wraps around it). */
const Code = ({ children }: { children: string }) => (
  <Box component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

const notConfigured = (
  <>
    No RabbitMQ broker is configured: events go through the database outbox, read by the worker processes; to move them
    to RabbitMQ, set <Code>AMQP_URL</Code> (and <Code>AMQP_MANAGEMENT_URL</Code> for the queue figures here) as
    described in <Code>docs/event-bus.md</Code>.
  </>
);

/**
 * The event bus on /monitoring/rabbitmq: without AMQP_URL a sentence on the database outbox and how to switch; with it
 * the relay's backlog (events still in the outbox, the oldest one's age) and the installation's RabbitMQ queues, or
 * why the management API gave none.
 */
export function EventBusCard({ status, isError }: { status: EventBusStatus | undefined; isError?: boolean }) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Box sx={{ p: 2, pb: status?.configured ? 1 : 2 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Event bus
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {status === undefined
            ? isError
              ? 'The event bus status could not be loaded.'
              : 'Loading the event bus status…'
            : status.configured
              ? describeBacklog(status.unpublished, status.lag_seconds)
              : notConfigured}
        </Typography>
      </Box>
      {status?.configured ? (
        status.error !== null ? (
          <Alert severity="warning" sx={{ mx: 2, mb: 2 }}>
            The RabbitMQ queues cannot be shown: {status.error}
          </Alert>
        ) : status.queues.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            RabbitMQ has no queue of this installation's prefix yet: they appear once an events process starts.
          </Typography>
        ) : (
          <>
            <QueueTable queues={status.queues} label="RabbitMQ queues" />
            <QueueCards queues={status.queues} />
          </>
        )
      ) : null}
    </Paper>
  );
}
