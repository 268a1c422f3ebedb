import type { Addon, AddonInput, Tier, TierInput } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

/** Tiers and add-ons: the platform-wide catalogue (no customer id; only superadmins write it). */

interface TierRow {
  id: number;
  name: string;
  msg_included: number;
  price: number;
  currency: string;
  overage_per_1000: number;
  hard_cap: boolean;
  retired_at: Date | string | null;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export const toTier = (row: TierRow): Tier => ({
  btid: row.id,
  name: row.name,
  msg_included: Number(row.msg_included),
  price: Number(row.price),
  currency: row.currency,
  overage_per_1000: Number(row.overage_per_1000),
  hard_cap: row.hard_cap,
  retired: row.retired_at !== null,
  retired_at: row.retired_at === null ? null : iso(row.retired_at),
  created_at: iso(row.created_at),
});

type TierWrite = Required<TierInput>;

/** Current tiers (or all with retired), cheapest first; limit 0 is all (spec 9). */
export async function listTiers(db: Db, page: { limit: number; skip: number; withRetired: boolean }) {
  const where = page.withRetired ? 'true' : 'retired_at IS NULL';
  const limit = page.limit === 0 ? 'ALL' : String(page.limit);
  const [rows, count] = await Promise.all([
    db.query<TierRow>(
      `SELECT * FROM billing_tiers WHERE ${where}
       ORDER BY retired_at IS NOT NULL, price, msg_included, id LIMIT ${limit} OFFSET ${Number(page.skip)}`,
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM billing_tiers WHERE ${where}`),
  ]);
  return { items: rows.map(toTier), total_count: count.n };
}

export async function findTier(db: Db, id: number): Promise<Tier | undefined> {
  const row = await db.maybeOne<TierRow>('SELECT * FROM billing_tiers WHERE id = $1', [id]);
  return row && toTier(row);
}

export async function insertTier(db: Db, t: TierWrite): Promise<Tier> {
  return toTier(
    await db.one<TierRow>(
      `INSERT INTO billing_tiers (name, msg_included, price, currency, overage_per_1000, hard_cap)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [t.name, t.msg_included, t.price, t.currency, t.overage_per_1000, t.hard_cap],
    ),
  );
}

export async function updateTier(db: Db, id: number, t: TierWrite): Promise<Tier | undefined> {
  const row = await db.maybeOne<TierRow>(
    `UPDATE billing_tiers SET name = $2, msg_included = $3, price = $4, currency = $5, overage_per_1000 = $6,
            hard_cap = $7 WHERE id = $1 RETURNING *`,
    [id, t.name, t.msg_included, t.price, t.currency, t.overage_per_1000, t.hard_cap],
  );
  return row && toTier(row);
}

/** Retiring keeps the first retirement time; restoring clears it. */
export async function setTierRetired(db: Db, id: number, retired: boolean): Promise<Tier | undefined> {
  const row = await db.maybeOne<TierRow>(
    `UPDATE billing_tiers SET retired_at = CASE WHEN $2 THEN coalesce(retired_at, now()) END WHERE id = $1
     RETURNING *`,
    [id, retired],
  );
  return row && toTier(row);
}

interface AddonRow {
  id: number;
  name: string;
  description: string;
  unit: string;
  kind: Addon['kind'];
  messages_per_unit: number;
  price: number;
  currency: string;
  retired_at: Date | string | null;
  created_at: Date | string;
}

export const toAddon = (row: AddonRow): Addon => ({
  baid: row.id,
  name: row.name,
  description: row.description,
  unit: row.unit,
  kind: row.kind,
  messages_per_unit: Number(row.messages_per_unit),
  price: Number(row.price),
  currency: row.currency,
  retired: row.retired_at !== null,
  retired_at: row.retired_at === null ? null : iso(row.retired_at),
  created_at: iso(row.created_at),
});

type AddonWrite = Required<AddonInput>;

export async function listAddons(
  db: Db,
  page: { limit: number; skip: number; withRetired: boolean; search?: string | undefined },
) {
  const search = page.search ? `%${page.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = `${page.withRetired ? 'true' : 'retired_at IS NULL'}
    AND ($1::text IS NULL OR lower(name) LIKE $1 OR lower(description) LIKE $1)`;
  const limit = page.limit === 0 ? 'ALL' : String(page.limit);
  const [rows, count] = await Promise.all([
    db.query<AddonRow>(
      `SELECT * FROM billing_addons WHERE ${where}
       ORDER BY retired_at IS NOT NULL, lower(name), id LIMIT ${limit} OFFSET ${Number(page.skip)}`,
      [search],
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM billing_addons WHERE ${where}`, [search]),
  ]);
  return { items: rows.map(toAddon), total_count: count.n };
}

export async function findAddon(db: Db, id: number): Promise<Addon | undefined> {
  const row = await db.maybeOne<AddonRow>('SELECT * FROM billing_addons WHERE id = $1', [id]);
  return row && toAddon(row);
}

export async function insertAddon(db: Db, a: AddonWrite): Promise<Addon> {
  return toAddon(
    await db.one<AddonRow>(
      `INSERT INTO billing_addons (name, description, unit, kind, messages_per_unit, price, currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [a.name, a.description, a.unit, a.kind, a.messages_per_unit, a.price, a.currency],
    ),
  );
}

export async function updateAddon(db: Db, id: number, a: AddonWrite): Promise<Addon | undefined> {
  const row = await db.maybeOne<AddonRow>(
    `UPDATE billing_addons SET name = $2, description = $3, unit = $4, kind = $5, messages_per_unit = $6, price = $7,
            currency = $8 WHERE id = $1 RETURNING *`,
    [id, a.name, a.description, a.unit, a.kind, a.messages_per_unit, a.price, a.currency],
  );
  return row && toAddon(row);
}

export async function setAddonRetired(db: Db, id: number, retired: boolean): Promise<Addon | undefined> {
  const row = await db.maybeOne<AddonRow>(
    `UPDATE billing_addons SET retired_at = CASE WHEN $2 THEN coalesce(retired_at, now()) END WHERE id = $1
     RETURNING *`,
    [id, retired],
  );
  return row && toAddon(row);
}

export async function isAddonUsed(db: Db, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM customer_addons WHERE addon_id = $1 LIMIT 1', [id])).length > 0;
}

export async function deleteAddon(db: Db, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM billing_addons WHERE id = $1 RETURNING id', [id])).length > 0;
}
