import type { BillingOverview } from '@mailwright/contract';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { InvoiceLines } from './InvoiceLines.tsx';

/** What this period would cost if it closed now (usage so far). */
export function EstimateCard({ estimate }: { estimate: NonNullable<BillingOverview['estimate']> }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Estimated invoice
        </Typography>
        <InvoiceLines amounts={estimate} label="Estimated invoice lines" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          From the messages accepted so far; the invoice is made when the period ends.
        </Typography>
      </CardContent>
    </Card>
  );
}
