import type { DashboardMessage } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { setWorkingDomain } from '../../lib/store.ts';

const hideBelowMd = { display: { xs: 'none', md: 'table-cell' } } as const;
const hideBelowSm = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The latest messages with how their recipients fared; a message's domain opens in the logs. */
export function RecentMessages({ messages }: { messages: DashboardMessage[] }) {
  const navigate = useNavigate();
  const openLogs = (message: DashboardMessage) => {
    setWorkingDomain({ did: message.did, name: message.domain }, 'ready');
    navigate('/analytics/logs');
  };
  if (messages.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
        Nothing sent yet. Mail sent through SMTP or the send APIs shows up here.
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Recent messages">
        <TableHead>
          <TableRow>
            <TableCell>Subject</TableCell>
            <TableCell sx={hideBelowMd}>Domain</TableCell>
            <TableCell sx={hideBelowSm}>Recipients</TableCell>
            <TableCell sx={hideBelowMd}>Sent</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {messages.map((message) => (
            <TableRow key={message.id} hover>
              <TableCell sx={{ maxWidth: 360 }}>
                <Link component="button" type="button" onClick={() => openLogs(message)} sx={{ textAlign: 'left' }}>
                  {message.subject || '(no subject)'}
                </Link>
                <Typography variant="caption" color="text.secondary" component="p" noWrap title={message.from}>
                  {message.from}
                </Typography>
                {/* On a phone the recipients column is hidden: their states show under the subject. */}
                <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                  <RecipientStates message={message} />
                </Box>
              </TableCell>
              <TableCell sx={{ ...hideBelowMd, wordBreak: 'break-all' }}>{message.domain}</TableCell>
              <TableCell sx={hideBelowSm}>
                <RecipientStates message={message} />
              </TableCell>
              <TableCell sx={{ ...hideBelowMd, whiteSpace: 'nowrap' }}>{formatDateTime(message.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RecipientStates({ message }: { message: DashboardMessage }) {
  const states = [
    { count: message.delivered, label: 'delivered', color: 'success' },
    { count: message.queued, label: 'queued', color: 'default' },
    { count: message.bounced, label: 'bounced', color: 'error' },
    { count: message.rejected, label: 'rejected', color: 'warning' },
  ] as const;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {states
        .filter((state) => state.count > 0)
        .map((state) => (
          <Chip
            key={state.label}
            size="small"
            variant="outlined"
            color={state.color}
            label={`${state.count} ${state.label}`}
          />
        ))}
      {message.recipients === 0 ? <Chip size="small" variant="outlined" label="no recipients" /> : null}
    </Stack>
  );
}
