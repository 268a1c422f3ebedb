import type { Db } from '../../db/client.ts';

/**
 * The billing plan as intake's quota check and the billing features read it: the tier a customer is on at a moment
 * and the add-ons it has over a span. Engine-side because the quota check runs on intake's path and the engine never
 * imports a feature; the billing features reuse these reads so there is one definition of "the tier in effect".
 * Money is integer minor units (int8 is parsed as a number by both drivers, see db/client.ts).
 */

export interface PlanTier {
  tierId: number;
  /** The customer_tiers row that put the customer on this tier. */
  customerTierId: number;
  name: string;
  msgIncluded: number;
  price: number;
  currency: string;
  overagePer1000: number;
  hardCap: boolean;
  /** When this tier became the customer's (the customer_tiers row's effective_at). */
  effectiveAt: Date;
}

export interface Plan extends PlanTier {
  /** Sum of the active extra_messages add-ons: qty × messages_per_unit, added to the allowance. */
  extraMessages: number;
}

interface TierRow {
  ct_id: number;
  tier_id: number;
  name: string;
  msg_included: number;
  price: number;
  currency: string;
  overage_per_1000: number;
  hard_cap: boolean;
  effective_at: Date | string;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toTier(row: TierRow): PlanTier {
  return {
    tierId: row.tier_id,
    customerTierId: row.ct_id,
    name: row.name,
    msgIncluded: Number(row.msg_included),
    price: Number(row.price),
    currency: row.currency,
    overagePer1000: Number(row.overage_per_1000),
    hardCap: row.hard_cap,
    effectiveAt: toDate(row.effective_at),
  };
}

const TIER_COLUMNS = `ct.id AS ct_id, ct.tier_id, t.name, t.msg_included, t.price, t.currency, t.overage_per_1000, t.hard_cap,
  ct.effective_at`;

/** The tier in effect at `at`: the customer_tiers row with the latest effective_at not after `at` (ties: newest row). */
export async function currentTier(db: Db, customerId: number, at: Date): Promise<PlanTier | null> {
  const row = await db.maybeOne<TierRow>(
    `SELECT ${TIER_COLUMNS}
       FROM customer_tiers ct JOIN billing_tiers t ON t.id = ct.tier_id
      WHERE ct.customer_id = $1 AND ct.effective_at <= $2
      ORDER BY ct.effective_at DESC, ct.id DESC LIMIT 1`,
    [customerId, at],
  );
  return row ? toTier(row) : null;
}

/**
 * Every tier in effect during [from, to), in order: the one in effect at `from` (if any) and each change inside the
 * span. An invoice splits its period at these changes.
 */
export async function tiersDuring(db: Db, customerId: number, from: Date, to: Date): Promise<PlanTier[]> {
  const first = await currentTier(db, customerId, from);
  const changes = await db.query<TierRow>(
    `SELECT DISTINCT ON (ct.effective_at) ${TIER_COLUMNS}
       FROM customer_tiers ct JOIN billing_tiers t ON t.id = ct.tier_id
      WHERE ct.customer_id = $1 AND ct.effective_at > $2 AND ct.effective_at < $3
      ORDER BY ct.effective_at, ct.id DESC`,
    [customerId, from, to],
  );
  return [...(first ? [first] : []), ...changes.map(toTier)];
}

export interface ActiveAddon {
  /** customer_addons.id */
  id: number;
  addonId: number;
  name: string;
  unit: string;
  kind: 'dedicated_ip' | 'seed_tests' | 'log_retention' | 'extra_messages' | 'other';
  messagesPerUnit: number;
  price: number;
  currency: string;
  qty: number;
  start: Date;
  end: Date | null;
}

interface AddonRow {
  id: number;
  addon_id: number;
  name: string;
  unit: string;
  kind: ActiveAddon['kind'];
  messages_per_unit: number;
  price: number;
  currency: string;
  qty: number;
  start_at: Date | string;
  end_at: Date | string | null;
}

/** The customer's add-ons active at some moment of [from, to): started before `to`, not ended by `from`. */
export async function activeAddons(db: Db, customerId: number, from: Date, to: Date): Promise<ActiveAddon[]> {
  const rows = await db.query<AddonRow>(
    `SELECT ca.id, ca.addon_id, a.name, a.unit, a.kind, a.messages_per_unit, a.price, a.currency, ca.qty,
            ca.start_at, ca.end_at
       FROM customer_addons ca JOIN billing_addons a ON a.id = ca.addon_id
      WHERE ca.customer_id = $1 AND ca.start_at < $3 AND (ca.end_at IS NULL OR ca.end_at > $2)
      ORDER BY ca.start_at, ca.id`,
    [customerId, from, to],
  );
  return rows.map((r) => ({
    id: r.id,
    addonId: r.addon_id,
    name: r.name,
    unit: r.unit,
    kind: r.kind,
    messagesPerUnit: Number(r.messages_per_unit),
    price: Number(r.price),
    currency: r.currency,
    qty: r.qty,
    start: toDate(r.start_at),
    end: r.end_at === null ? null : toDate(r.end_at),
  }));
}

/** Messages the extra_messages add-ons active at `at` add to the allowance. */
export async function extraMessagesAt(db: Db, customerId: number, at: Date): Promise<number> {
  const row = await db.one<{ extra: number | string | null }>(
    `SELECT COALESCE(SUM(ca.qty::bigint * a.messages_per_unit), 0) AS extra
       FROM customer_addons ca JOIN billing_addons a ON a.id = ca.addon_id
      WHERE ca.customer_id = $1 AND a.kind = 'extra_messages'
        AND ca.start_at <= $2 AND (ca.end_at IS NULL OR ca.end_at > $2)`,
    [customerId, at],
  );
  return Number(row.extra ?? 0);
}

/**
 * The plan at `at`: the tier in effect and the extra messages of the add-ons active then; null when the customer has
 * no tier (nothing billed, nothing capped). The allowance is msgIncluded + extraMessages.
 */
export async function planAt(db: Db, customerId: number, at: Date): Promise<Plan | null> {
  const tier = await currentTier(db, customerId, at);
  if (!tier) return null;
  return { ...tier, extraMessages: await extraMessagesAt(db, customerId, at) };
}

export interface PlanBillingItem {
  id: number;
  domainId: number | null;
  description: string;
  price: number;
  currency: string;
  qty: number;
  recurring: boolean;
  /** Calendar dates (YYYY-MM-DD), end inclusive. */
  start: string;
  end: string | null;
}

interface ItemRow {
  id: number;
  domain_id: number | null;
  description: string;
  price: number;
  currency: string;
  qty: number;
  recurring: boolean;
  start_at: string;
  end_at: string | null;
}

/**
 * Active billing items that touch the period [from, to) (dates, YYYY-MM-DD): recurring items active on any day of
 * it, one-off items whose start falls in it. Dates are read as text so no time zone shifts them.
 */
export async function billingItemsDuring(
  db: Db,
  customerId: number,
  from: string,
  to: string,
): Promise<PlanBillingItem[]> {
  const rows = await db.query<ItemRow>(
    `SELECT id, domain_id, description, price, currency, qty, recurring,
            to_char(start_at, 'YYYY-MM-DD') AS start_at, to_char(end_at, 'YYYY-MM-DD') AS end_at
       FROM billing_items
      WHERE customer_id = $1 AND active
        AND ((recurring AND start_at < $3::date AND (end_at IS NULL OR end_at >= $2::date))
          OR (NOT recurring AND start_at >= $2::date AND start_at < $3::date))
      ORDER BY start_at, id`,
    [customerId, from, to],
  );
  return rows.map((r) => ({
    id: r.id,
    domainId: r.domain_id,
    description: r.description,
    price: Number(r.price),
    currency: r.currency,
    qty: r.qty,
    recurring: r.recurring,
    start: r.start_at,
    end: r.end_at,
  }));
}
