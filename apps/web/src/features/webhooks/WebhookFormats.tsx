import type { WebhookFormat } from '@mailwright/contract';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** Spec 3, webhook params: the payload formats a webhook can use, with how deliveries are authenticated. */
export function WebhookFormats({ formats }: { formats: readonly WebhookFormat[] }) {
  if (formats.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Formats
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Every delivery is signed with the account's signing key; check the signature before trusting an event.
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Webhook formats">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Format</TableCell>
              <TableCell>Auth</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {formats.map((format) => (
              <TableRow key={format.format}>
                <TableCell>{format.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{format.format}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{format.auth}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
