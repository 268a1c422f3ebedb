import { type DestinationBackoff, endpoints } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../lib/store.ts';

const BACKOFF_KEY = ['destination-backoff'] as const;
/** Spec 9's periodic refresh: a backoff starts and ends while the screen is open. */
const REFRESH_MS = 20_000;

const hideBelowMd = { display: { xs: 'none', md: 'table-cell' } };

/** Destinations an SMTP pattern put in backoff now, and why (the reply and the rule), with a way to end it early. */
export function BackoffCard() {
  const backoff = useQuery({
    queryKey: BACKOFF_KEY,
    queryFn: ({ signal }) => api(endpoints.backoff.list, { signal }),
    refetchInterval: REFRESH_MS,
    // The card says itself that it could not load; the rules above stay usable.
    meta: { silent: true },
  });
  const [ending, setEnding] = useState<DestinationBackoff | null>(null);
  const end = useMutation({
    mutationFn: (destination: string) => api(endpoints.backoff.remove, { params: { destination } }),
    onSuccess: (result) => {
      notify(result.message);
      return queryClient.invalidateQueries({ queryKey: BACKOFF_KEY });
    },
  });
  const items = backoff.data?.items ?? [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="backoff-title" sx={{ mt: 3, overflow: 'hidden' }}>
      <Box sx={{ p: 2, pb: 1 }}>
        <Typography id="backoff-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Destinations in backoff
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Fewer connections, a slower rate and longer retries until the time shown, or until a delivery succeeds.
        </Typography>
      </Box>
      <Box sx={{ height: 4 }}>{backoff.isFetching ? <LinearProgress aria-label="Loading backoff" /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-label="Destinations in backoff">
          <TableHead>
            <TableRow>
              <TableCell>Destination</TableCell>
              <TableCell>Why</TableCell>
              <TableCell sx={hideBelowMd}>Rule</TableCell>
              <TableCell sx={hideBelowMd}>Replies</TableCell>
              <TableCell sx={hideBelowMd}>Since</TableCell>
              <TableCell>Until</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((row) => (
              <TableRow key={row.destination} hover>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  {row.destination}
                  {row.mx_host ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      via {row.mx_host}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ minWidth: 200, fontFamily: 'monospace', fontSize: 13 }}>{row.reason}</TableCell>
                <TableCell sx={hideBelowMd}>{row.smtp_pattern_id ?? '—'}</TableCell>
                <TableCell sx={hideBelowMd}>{row.hits}</TableCell>
                <TableCell sx={{ ...hideBelowMd, whiteSpace: 'nowrap' }}>{formatDateTime(row.started_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.until)}</TableCell>
                <TableCell align="right" sx={{ py: 0 }}>
                  <Button size="small" onClick={() => setEnding(row)}>
                    End
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {items.length === 0 && !backoff.isPending ? (
              <TableRow>
                <TableCell colSpan={7} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
                  {backoff.isError ? 'The backoff list could not be loaded.' : 'No destination is in backoff.'}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={ending !== null}
        title="End backoff"
        message={ending ? `Deliver to ${ending.destination} at the normal pace again now?` : ''}
        confirmLabel="End backoff"
        onConfirm={() => (ending ? end.mutateAsync(ending.destination) : Promise.resolve())}
        onClose={() => setEnding(null)}
      />
    </Paper>
  );
}
