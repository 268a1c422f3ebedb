import { formatMinor } from '@mailwright/contract';
import type { StoredInvoice } from './invoices.repo.ts';
import type { UsageRow } from './usage.repo.ts';

/** A value for a CSV cell: quoted when it must be, and never read as a formula by a spreadsheet (=, +, -, @). */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The usage breakdown: one row per domain per UTC day with the messages accepted, then the total. */
export function breakdownCsv(invoice: StoredInvoice, rows: UsageRow[]): string {
  const lines = [['invoice', 'domain', 'day', 'accepted'].join(',')];
  for (const r of rows) lines.push([cell(invoice.number), cell(r.domain), cell(r.day), cell(r.accepted)].join(','));
  const total = rows.reduce((sum, r) => sum + r.accepted, 0);
  lines.push([cell(invoice.number), 'total', '', cell(total)].join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Minor units as the currency writes them (its own number of decimals: JPY none, EUR two), with its code. */
export const money = (amount: number, currency: string) => `${formatMinor(amount, currency)} ${currency}`;

/** The invoice as a one-page PDF (pdfkit, its built-in Helvetica: no font files to ship). */
export async function invoicePdf(invoice: StoredInvoice, customer: { name: string; address: string }): Promise<Buffer> {
  // Loaded on first use (~15 MB): only a process asked for an invoice PDF needs pdfkit.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const m = (amount: number) => money(amount, invoice.currency);
  doc.fontSize(20).text(`Invoice ${invoice.number}`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`Period: ${invoice.period_start} to ${invoice.period_end} (exclusive)`);
  doc.text(`Issued: ${invoice.created_at.slice(0, 10)}`);
  doc.text(`Status: ${invoice.status}${invoice.paid_at ? ` (${invoice.paid_at.slice(0, 10)})` : ''}`);
  doc.moveDown().text(customer.name || 'Customer');
  if (customer.address) doc.text(customer.address);
  if (invoice.tax_id) doc.text(`Tax ID: ${invoice.tax_id}`);
  doc.moveDown();
  const columns = { description: 50, qty: 330, unit: 380, amount: 470 };
  const row = (d: string, q: string, u: string, a: string) => {
    const y = doc.y;
    doc.text(d, columns.description, y, { width: 270 });
    const after = doc.y;
    doc.text(q, columns.qty, y, { width: 45, align: 'right' });
    doc.text(u, columns.unit, y, { width: 85, align: 'right' });
    doc.text(a, columns.amount, y, { width: 75, align: 'right' });
    doc.x = columns.description;
    doc.y = Math.max(after, doc.y) + 4;
  };
  row('Description', 'Qty', 'Unit price', 'Amount');
  for (const l of invoice.lines) row(l.description, String(l.qty), m(l.unit_price), m(l.amount));
  doc.moveDown();
  row('Subtotal', '', '', m(invoice.subtotal));
  row(`Tax (${(invoice.tax_rate_bp / 100).toFixed(2)}%)`, '', '', m(invoice.tax));
  row('Total', '', '', m(invoice.total));
  doc.end();
  return done;
}
