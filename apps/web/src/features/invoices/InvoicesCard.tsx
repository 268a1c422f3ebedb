import type { Invoice } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { downloadInvoiceFile, useInvoices, usePayInvoice } from './invoices.api.ts';
import { money, periodText } from './money.ts';

const hideOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The invoices (billable data, spec 2), newest first, with the breakdown CSV, the PDF and Pay. */
export function InvoicesCard({ paymentEnabled }: { paymentEnabled: boolean }) {
  const invoices = useInvoices();
  const pay = usePayInvoice();
  // Spec 8: the list's 404 is the no-invoice flag.
  const noInvoices = invoices.data === null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Invoices
        </Typography>
        {invoices.isPending ? <LinearProgress aria-label="Loading the invoices" /> : null}
        {invoices.isError ? <Typography color="error">The invoices could not be loaded.</Typography> : null}
        {noInvoices ? (
          <Typography color="text.secondary" data-testid="no-invoices">
            No invoices yet. The first one is made when your first billing period ends.
          </Typography>
        ) : null}
        {invoices.data ? (
          <TableContainer>
            <Table size="small" aria-label="Invoices">
              <TableHead>
                <TableRow>
                  <TableCell>Number</TableCell>
                  <TableCell sx={hideOnPhones}>Period</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right" aria-label="Files and payment" />
                </TableRow>
              </TableHead>
              <TableBody>
                {invoices.data.items.map((invoice) => (
                  <InvoiceRow
                    key={invoice.id}
                    invoice={invoice}
                    canPay={paymentEnabled && invoice.status === 'open' && invoice.total > 0}
                    paying={pay.isPending && pay.variables === invoice.id}
                    onPay={() => pay.mutate(invoice.id)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </CardContent>
    </Card>
  );
}

function InvoiceRow(props: { invoice: Invoice; canPay: boolean; paying: boolean; onPay: () => void }) {
  const { invoice } = props;
  return (
    <TableRow data-testid={`invoice-${invoice.number}`}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice.number}</TableCell>
      <TableCell sx={{ ...hideOnPhones, whiteSpace: 'nowrap' }}>
        {periodText(invoice.period_start, invoice.period_end)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {money(invoice.total, invoice.currency)}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={invoice.status === 'paid' ? 'Paid' : invoice.status === 'void' ? 'Void' : 'Open'}
          color={invoice.status === 'paid' ? 'success' : 'default'}
          variant={invoice.status === 'paid' ? 'filled' : 'outlined'}
        />
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            size="small"
            onClick={() => void downloadInvoiceFile(invoice.id, 'csv')}
            aria-label={`Usage breakdown of ${invoice.number} (CSV)`}
          >
            CSV
          </Button>
          <Button
            size="small"
            onClick={() => void downloadInvoiceFile(invoice.id, 'pdf')}
            aria-label={`Invoice ${invoice.number} (PDF)`}
          >
            PDF
          </Button>
          {props.canPay ? (
            <Button size="small" variant="contained" onClick={props.onPay} disabled={props.paying}>
              Pay
            </Button>
          ) : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
