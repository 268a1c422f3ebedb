import type { Db } from '../db/client.ts';
import { closePreviousPeriod } from '../features/invoices/invoice-close.job.ts';
import type { Logger } from '../log.ts';

/**
 * Billing rows written directly, as part 1's API would write them (tiers, a customer's tier, tax) and as the rollups
 * consumer counts accepted messages, for the invoice tests, the generated suites and the payment journey.
 */

export async function seedTier(
  db: Db,
  tier: {
    name?: string;
    msgIncluded?: number;
    price?: number;
    currency?: string;
    overagePer1000?: number;
    hardCap?: boolean;
  } = {},
): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO billing_tiers (name, msg_included, price, currency, overage_per_1000, hard_cap)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      tier.name ?? 'Growth',
      tier.msgIncluded ?? 50_000,
      tier.price ?? 3000,
      tier.currency ?? 'EUR',
      tier.overagePer1000 ?? 80,
      tier.hardCap ?? false,
    ],
  );
  return row.id;
}

export async function putOnTier(db: Db, customerId: number, tierId: number, effectiveAt: Date | string) {
  await db.query('INSERT INTO customer_tiers (customer_id, tier_id, effective_at) VALUES ($1, $2, $3)', [
    customerId,
    tierId,
    effectiveAt,
  ]);
}

export async function setTax(db: Db, customerId: number, taxRateBp: number, taxId: string) {
  await db.query(
    `INSERT INTO customer_billing (customer_id, tax_rate_bp, tax_id) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id) DO UPDATE SET tax_rate_bp = excluded.tax_rate_bp, tax_id = excluded.tax_id`,
    [customerId, taxRateBp, taxId],
  );
}

/** Accepted messages of one domain on one UTC day, as stats_daily holds them after the rollups consumer ran. */
export async function seedAccepted(db: Db, customerId: number, domainId: number, day: string, count: number) {
  await db.query(
    `INSERT INTO stats_daily (customer_id, domain_id, tag, bucket, event, category, bot, count)
     VALUES ($1, $2, '', $3::date::timestamp AT TIME ZONE 'UTC', 'accepted', '', false, $4)
     ON CONFLICT (domain_id, tag, bucket, event, category, bot) DO UPDATE SET count = stats_daily.count + excluded.count`,
    [customerId, domainId, day, count],
  );
}

/** The first day (YYYY-MM-DD) of the month before the one holding `now`, and of that one. */
export function previousMonth(now = new Date()): { start: string; end: string; day: (n: number) => string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { start: iso(start), end: iso(end), day: (n) => iso(new Date(start.getTime() + (n - 1) * 86_400_000)) };
}

/**
 * Customer A's invoice for the generated suites: A on a tier since January and a one-off billing item carrying the
 * world's marker in last month, closed by the closing job itself. Answers the invoice's id.
 */
export async function seedInvoice(db: Db, log: Logger, customerId: number): Promise<number> {
  await putOnTier(db, customerId, await seedTier(db, { name: 'Growth' }), '2026-01-01T00:00:00Z');
  const month = previousMonth();
  await db.query(
    `INSERT INTO billing_items (customer_id, description, price, currency, qty, start_at)
     VALUES ($1, 'zqa-invoice-item', 1500, 'EUR', 1, $2)`,
    [customerId, month.day(2)],
  );
  await closePreviousPeriod(db, log);
  const row = await db.one<{ id: number }>('SELECT id FROM invoices WHERE customer_id = $1 AND period_start = $2', [
    customerId,
    month.start,
  ]);
  return row.id;
}
