import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { type PeriodicJob, startPeriodic } from '../../jobs/periodic.ts';
import type { Logger } from '../../log.ts';
import { billPeriod } from './billing-period.ts';
import { isoDay, monthOf } from './invoice-math.ts';
import { insertInvoice } from './invoices.repo.ts';

/** Hourly is plenty: a period closes once, the first run after midnight UTC on the 1st. */
const INTERVAL_MS = 60 * 60 * 1000;

/** Customers with anything billable in [start, end): a tier in effect, an add-on or a billing item touching it. */
async function billableCustomers(db: Db, start: Date, end: Date): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT customer_id AS id FROM customer_tiers WHERE effective_at < $2
     UNION SELECT customer_id FROM customer_addons WHERE start_at < $2 AND (end_at IS NULL OR end_at > $1)
     UNION SELECT customer_id FROM billing_items
            WHERE active AND start_at < $2::date AND (end_at IS NULL OR end_at >= $1::date)
     ORDER BY id`,
    [start, end],
  );
  return rows.map((r) => r.id);
}

/**
 * Closes the period before the one holding `now` for every billable customer that has no invoice for it yet: one
 * invoice per customer and period (the unique key), numbered in the transaction that stores it. Safe to run twice
 * or in several workers at once. Answers the ids it made.
 */
export async function closePreviousPeriod(db: Db, log: Logger, now: Date = new Date()): Promise<number[]> {
  const current = monthOf(now);
  const period = monthOf(new Date(current.start.getTime() - 1));
  const made: number[] = [];
  for (const customerId of await billableCustomers(db, period.start, period.end)) {
    const { amounts } = await billPeriod(db, customerId, period);
    if (!amounts) continue;
    if (amounts.skipped.length) log.warn({ customerId, skipped: amounts.skipped }, 'invoice lines in another currency');
    const id = await insertInvoice(
      db,
      customerId,
      { start: isoDay(period.start), end: isoDay(period.end) },
      now.getUTCFullYear(),
      amounts,
    );
    if (id !== null) made.push(id);
  }
  if (made.length) log.info({ invoices: made.length, period: isoDay(period.start) }, 'billing period closed');
  return made;
}

/** The worker role's invoice job (started in event-workers.ts). */
export function startInvoiceCloseJob(deps: Deps): PeriodicJob {
  return startPeriodic('invoice-close', INTERVAL_MS, deps.log, async () => {
    await closePreviousPeriod(deps.db, deps.log);
    return false;
  });
}
