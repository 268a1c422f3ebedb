import type { Invoice } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useIsSmall } from '../../lib/media.ts';
import { downloadInvoiceFile, useInvoices, usePayInvoice } from './invoices.api.ts';
import { money, periodText } from './money.ts';

const hideOnPhones = { display: { xs: 'none', lg: 'table-cell' } } as const;

/** The invoices (billable data, spec 2), newest first, with the breakdown CSV, the PDF and Pay. */
export function InvoicesCard({ paymentEnabled }: { paymentEnabled: boolean }) {
  const invoices = useInvoices();
  const pay = usePayInvoice();
  // Spec 8: the list's 404 is the no-invoice flag.
  const noInvoices = invoices.data === null;
  const small = useIsSmall();
  const payProps = (invoice: Invoice) => ({
    canPay: paymentEnabled && invoice.status === 'open' && invoice.total > 0,
    paying: pay.isPending && pay.variables === invoice.id,
    onPay: () => pay.mutate(invoice.id),
  });
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
        {invoices.data && small ? (
          <Stack divider={<Divider flexItem />} spacing={1.5}>
            {invoices.data.items.map((invoice) => (
              <Stack key={invoice.id} spacing={1} data-testid={`invoice-${invoice.number}`}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600 }}>{invoice.number}</Typography>
                  <StatusChip invoice={invoice} />
                </Stack>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="body2" color="text.secondary">
                    {periodText(invoice.period_start, invoice.period_end)}
                  </Typography>
                  <Typography variant="body2" sx={{ textAlign: 'right' }}>
                    {money(invoice.total, invoice.currency)}
                    <RefundedLine invoice={invoice} />
                  </Typography>
                </Stack>
                <InvoiceActions invoice={invoice} {...payProps(invoice)} />
              </Stack>
            ))}
          </Stack>
        ) : null}
        {invoices.data && !small ? (
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
                  <InvoiceRow key={invoice.id} invoice={invoice} {...payProps(invoice)} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </CardContent>
    </Card>
  );
}

interface PayProps {
  canPay: boolean;
  paying: boolean;
  onPay: () => void;
}

function StatusChip({ invoice }: { invoice: Invoice }) {
  const paid = invoice.status === 'paid';
  // Stripe's refunds (recorded from its webhook) say more than "Paid"; RefundedLine shows the amount.
  const refund = invoice.refunded <= 0 ? null : invoice.refunded >= invoice.total ? 'Refunded' : 'Partly refunded';
  const label = refund ?? (paid ? 'Paid' : invoice.status === 'void' ? 'Void' : 'Open');
  return (
    <Chip
      size="small"
      label={label}
      color={refund ? 'warning' : paid ? 'success' : 'default'}
      variant={paid || refund ? 'filled' : 'outlined'}
    />
  );
}

/** Under the total: how much Stripe gave back (nothing when there was no refund). */
function RefundedLine({ invoice }: { invoice: Invoice }) {
  if (invoice.refunded <= 0) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block', whiteSpace: 'nowrap' }}
    >
      {money(invoice.refunded, invoice.currency)} refunded
    </Typography>
  );
}

function InvoiceActions({ invoice, ...props }: { invoice: Invoice } & PayProps) {
  return (
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
  );
}

function InvoiceRow({ invoice, ...props }: { invoice: Invoice } & PayProps) {
  return (
    <TableRow data-testid={`invoice-${invoice.number}`}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice.number}</TableCell>
      <TableCell sx={{ ...hideOnPhones, whiteSpace: 'nowrap' }}>
        {periodText(invoice.period_start, invoice.period_end)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {money(invoice.total, invoice.currency)}
        <RefundedLine invoice={invoice} />
      </TableCell>
      <TableCell>
        <StatusChip invoice={invoice} />
      </TableCell>
      <TableCell align="right">
        <InvoiceActions invoice={invoice} {...props} />
      </TableCell>
    </TableRow>
  );
}
