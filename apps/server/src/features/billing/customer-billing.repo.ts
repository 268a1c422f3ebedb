import { type CustomerAddon, type CustomerBilling, tierLabel } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { currentTier } from '../../mail/policy/billing-plan.ts';

/** A customer's billing settings: tax, the tier history and add-ons. Every statement names the customer. */

const iso = (value: Date | string) => new Date(value).toISOString();

interface TierHistoryRow {
  id: number;
  tier_id: number;
  name: string;
  msg_included: number;
  price: number;
  currency: string;
  effective_at: Date | string;
}

interface AddonRow {
  id: number;
  addon_id: number;
  name: string;
  unit: string;
  kind: CustomerAddon['kind'];
  price: number;
  currency: string;
  qty: number;
  start_at: Date | string;
  end_at: Date | string | null;
}

/** The settings of an existing customer; undefined when there is no such customer. */
export async function readCustomerBilling(db: Db, cid: number, now: Date): Promise<CustomerBilling | undefined> {
  const customer = await db.maybeOne<{ name: string; tax_rate_bp: number | null; tax_id: string | null }>(
    `SELECT c.name, b.tax_rate_bp, b.tax_id FROM customers c LEFT JOIN customer_billing b ON b.customer_id = c.id
      WHERE c.id = $1`,
    [cid],
  );
  if (!customer) return undefined;
  // The current row is the one intake's quota check and the invoices use (mail/policy/billing-plan.ts).
  const inEffect = await currentTier(db, cid, now);
  const tiers = await db.query<TierHistoryRow>(
    `SELECT ct.id, ct.tier_id, t.name, t.msg_included, t.price, t.currency, ct.effective_at
       FROM customer_tiers ct JOIN billing_tiers t ON t.id = ct.tier_id
      WHERE ct.customer_id = $1 ORDER BY ct.effective_at DESC, ct.id DESC`,
    [cid],
  );
  const addons = await db.query<AddonRow>(
    `SELECT ca.id, ca.addon_id, a.name, a.unit, a.kind, a.price, a.currency, ca.qty, ca.start_at, ca.end_at
       FROM customer_addons ca JOIN billing_addons a ON a.id = ca.addon_id
      WHERE ca.customer_id = $1 ORDER BY ca.start_at DESC, ca.id DESC`,
    [cid],
  );
  const domains = await db.query<{ did: number; name: string }>(
    'SELECT id AS did, name FROM domains WHERE customer_id = $1 ORDER BY name',
    [cid],
  );
  const history = tiers.map((r) => ({
    ctid: r.id,
    btid: r.tier_id,
    name: r.name,
    label: tierLabel({ msg_included: Number(r.msg_included), price: Number(r.price), currency: r.currency }),
    currency: r.currency,
    effective_at: iso(r.effective_at),
  }));
  return {
    cid,
    customer: customer.name,
    tax_rate_bp: customer.tax_rate_bp ?? 0,
    tax_id: customer.tax_id ?? '',
    tier: history.find((h) => h.ctid === inEffect?.customerTierId) ?? null,
    tiers: history,
    addons: addons.map((r) => ({
      caid: r.id,
      baid: r.addon_id,
      name: r.name,
      unit: r.unit,
      kind: r.kind,
      price: Number(r.price),
      currency: r.currency,
      qty: r.qty,
      start: iso(r.start_at),
      end: r.end_at === null ? null : iso(r.end_at),
    })),
    domains,
  };
}

export async function upsertTax(db: Db, cid: number, rateBp: number, taxId: string): Promise<void> {
  await db.query(
    `INSERT INTO customer_billing (customer_id, tax_rate_bp, tax_id) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id) DO UPDATE SET tax_rate_bp = $2, tax_id = $3, updated_at = now()`,
    [cid, rateBp, taxId],
  );
}

export async function insertCustomerTier(db: Db, cid: number, tierId: number, effectiveAt: Date): Promise<void> {
  await db.query('INSERT INTO customer_tiers (customer_id, tier_id, effective_at) VALUES ($1, $2, $3)', [
    cid,
    tierId,
    effectiveAt,
  ]);
}

export interface CustomerAddonWrite {
  addonId: number;
  qty: number;
  start: Date;
  end: Date | null;
}

export async function insertCustomerAddon(db: Db, cid: number, w: CustomerAddonWrite): Promise<void> {
  await db.query(
    'INSERT INTO customer_addons (customer_id, addon_id, qty, start_at, end_at) VALUES ($1, $2, $3, $4, $5)',
    [cid, w.addonId, w.qty, w.start, w.end],
  );
}

export async function updateCustomerAddon(db: Db, cid: number, id: number, w: CustomerAddonWrite): Promise<boolean> {
  const rows = await db.query(
    `UPDATE customer_addons SET addon_id = $3, qty = $4, start_at = $5, end_at = $6
      WHERE id = $1 AND customer_id = $2 RETURNING id`,
    [id, cid, w.addonId, w.qty, w.start, w.end],
  );
  return rows.length > 0;
}

export async function deleteCustomerAddon(db: Db, cid: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM customer_addons WHERE id = $1 AND customer_id = $2 RETURNING id', [id, cid]);
  return rows.length > 0;
}
