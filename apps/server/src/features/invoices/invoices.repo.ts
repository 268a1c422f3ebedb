import type { Invoice, InvoiceLine } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { InvoiceAmounts } from './invoice-math.ts';

interface InvoiceRow {
  id: number;
  customer_id: number;
  number: string;
  period_start: string;
  period_end: string;
  currency: string;
  subtotal: number | string;
  tax_rate_bp: number;
  tax_id: string;
  tax: number | string;
  total: number | string;
  status: Invoice['status'];
  paid_at: Date | string | null;
  refunded: number | string;
  created_at: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

const COLUMNS = `id, customer_id, number, to_char(period_start, 'YYYY-MM-DD') AS period_start,
  to_char(period_end, 'YYYY-MM-DD') AS period_end, currency, subtotal, tax_rate_bp, tax_id, tax, total, status,
  paid_at, created_at,
  (SELECT coalesce(sum(r.amount), 0) FROM invoice_refunds r WHERE r.invoice_id = invoices.id) AS refunded`;

export type StoredInvoice = Invoice & { customer_id: number };

async function withLines(db: Db, rows: InvoiceRow[]): Promise<StoredInvoice[]> {
  if (!rows.length) return [];
  const lines = await db.query<InvoiceLine & { invoice_id: number }>(
    `SELECT invoice_id, kind, description, qty::int8 AS qty, unit_price, amount, domain_id
       FROM invoice_lines WHERE invoice_id = ANY($1::int[]) ORDER BY id`,
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => ({
    id: r.id,
    customer_id: r.customer_id,
    number: r.number,
    period_start: r.period_start,
    period_end: r.period_end,
    currency: r.currency,
    lines: lines
      .filter((l) => l.invoice_id === r.id)
      .map((l) => ({
        kind: l.kind,
        description: l.description,
        qty: Number(l.qty),
        unit_price: Number(l.unit_price),
        amount: Number(l.amount),
        domain_id: l.domain_id,
      })),
    subtotal: Number(r.subtotal),
    tax_rate_bp: r.tax_rate_bp,
    tax_id: r.tax_id,
    tax: Number(r.tax),
    total: Number(r.total),
    status: r.status,
    paid_at: r.paid_at === null ? null : iso(r.paid_at),
    refunded: Number(r.refunded),
    created_at: iso(r.created_at),
  }));
}

export async function listInvoices(db: Db, customerId: number): Promise<StoredInvoice[]> {
  const rows = await db.query<InvoiceRow>(
    `SELECT ${COLUMNS} FROM invoices WHERE customer_id = $1 ORDER BY period_start DESC, id DESC`,
    [customerId],
  );
  return withLines(db, rows);
}

/** One invoice; with a customer id only if it is that customer's (another customer's id reads as missing). */
export async function findInvoice(db: Db, id: number, customerId: number | null): Promise<StoredInvoice | undefined> {
  const rows = await db.query<InvoiceRow>(
    `SELECT ${COLUMNS} FROM invoices WHERE id = $1 AND ($2::int IS NULL OR customer_id = $2)`,
    [id, customerId],
  );
  return (await withLines(db, rows))[0];
}

/**
 * Stores the invoice of one customer's period with the next number of `year`, in one transaction: the number row is
 * locked by the UPDATE until commit, so numbers are taken one at a time; if another worker already stored this
 * period's invoice, the transaction is rolled back and the number it took goes back (no gap). Answers the new id, or
 * null when the invoice already existed.
 */
export async function insertInvoice(
  db: Db,
  customerId: number,
  period: { start: string; end: string },
  year: number,
  amounts: InvoiceAmounts,
): Promise<number | null> {
  // Cheap check first: most runs find the invoice made and take no number at all.
  const existing = await db.maybeOne('SELECT 1 FROM invoices WHERE customer_id = $1 AND period_start = $2', [
    customerId,
    period.start,
  ]);
  if (existing) return null;
  try {
    return await db.transaction(async (tx) => {
      const { last } = await tx.one<{ last: number }>(
        `INSERT INTO invoice_numbers (year, last) VALUES ($1, 1)
         ON CONFLICT (year) DO UPDATE SET last = invoice_numbers.last + 1 RETURNING last`,
        [year],
      );
      const number = `MW-${year}-${String(last).padStart(6, '0')}`;
      const zero = amounts.total === 0;
      const row = await tx.maybeOne<{ id: number }>(
        `INSERT INTO invoices (customer_id, number, period_start, period_end, currency, subtotal, tax_rate_bp, tax_id,
           tax, total, status, paid_at, paid_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $12 THEN now() END,
           CASE WHEN $12 THEN 'nothing due' END)
         ON CONFLICT (customer_id, period_start) DO NOTHING RETURNING id`,
        [
          customerId,
          number,
          period.start,
          period.end,
          amounts.currency,
          amounts.subtotal,
          amounts.tax_rate_bp,
          amounts.tax_id,
          amounts.tax,
          amounts.total,
          zero ? 'paid' : 'open',
          zero,
        ],
      );
      if (!row) throw new AlreadyClosed();
      for (const l of amounts.lines) {
        await tx.query(
          `INSERT INTO invoice_lines (invoice_id, kind, description, qty, unit_price, amount, domain_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [row.id, l.kind, l.description, l.qty, l.unit_price, l.amount, l.domain_id],
        );
      }
      return row.id;
    });
  } catch (error) {
    if (error instanceof AlreadyClosed) return null;
    // Two first invoices of a year at once: both INSERTs of the number row met; the loser retries on the next run.
    if ((error as { code?: string }).code === '23505') return null;
    throw error;
  }
}

/** Thrown inside the transaction to roll it back (and give the number back) when the period was closed meanwhile. */
class AlreadyClosed extends Error {}

/** Marks an open invoice paid; answers whether this call did it (a second call, or a paid invoice, changes nothing). */
export async function markInvoicePaid(db: Db, id: number, paidBy: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE invoices SET status = 'paid', paid_at = now(), paid_by = $2 WHERE id = $1 AND status = 'open' RETURNING id`,
    [id, paidBy],
  );
  return rows.length > 0;
}
