import type { InvoiceLine } from '@mailwright/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { money } from './money.ts';

interface Amounts {
  currency: string;
  lines: InvoiceLine[];
  subtotal: number;
  tax_rate_bp: number;
  tax: number;
  total: number;
}

/** An invoice's lines, then subtotal, tax and total. */
export function InvoiceLines({ amounts, label }: { amounts: Amounts; label: string }) {
  const m = (n: number) => money(n, amounts.currency);
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {amounts.lines.map((line, i) => (
          // Lines have no id of their own; their order is the invoice's.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <TableRow key={i}>
            <TableCell sx={{ pl: 0 }}>{line.description}</TableCell>
            <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
              {m(line.amount)}
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell sx={{ pl: 0 }}>Subtotal</TableCell>
          <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
            {m(amounts.subtotal)}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell sx={{ pl: 0 }}>Tax ({(amounts.tax_rate_bp / 100).toFixed(2)}%)</TableCell>
          <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
            {m(amounts.tax)}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell sx={{ pl: 0, fontWeight: 600, borderBottom: 0 }}>Total</TableCell>
          <TableCell align="right" sx={{ pr: 0, fontWeight: 600, whiteSpace: 'nowrap', borderBottom: 0 }}>
            {m(amounts.total)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
