import type { BillingItem, billingItemInput, billingItemListQuery } from '@mailwright/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';

/** Billing items: charges per customer (optionally per domain); every statement names the customer. */

export type ItemWrite = z.output<typeof billingItemInput>;
type ListQuery = z.output<typeof billingItemListQuery>;

interface ItemRow {
  id: number;
  customer_id: number;
  domain_id: number | null;
  domain: string | null;
  description: string;
  price: number;
  currency: string;
  qty: number;
  active: boolean;
  recurring: boolean;
  start_at: string;
  end_at: string | null;
  created_at: Date | string;
}

const toItem = (row: ItemRow): BillingItem => ({
  biid: row.id,
  cid: row.customer_id,
  did: row.domain_id,
  domain: row.domain,
  description: row.description,
  price: Number(row.price),
  currency: row.currency,
  qty: row.qty,
  active: row.active,
  recurring: row.recurring,
  start: row.start_at,
  end: row.end_at,
  created_at: new Date(row.created_at).toISOString(),
});

// Dates as text: a DATE read into a JS Date would shift by the process's time zone.
const SELECT = `SELECT i.id, i.customer_id, i.domain_id, d.name AS domain, i.description, i.price, i.currency, i.qty,
    i.active, i.recurring, to_char(i.start_at, 'YYYY-MM-DD') AS start_at, to_char(i.end_at, 'YYYY-MM-DD') AS end_at,
    i.created_at
  FROM billing_items i LEFT JOIN domains d ON d.id = i.domain_id`;

const SORTS: Record<string, string> = {
  start: 'i.start_at',
  description: 'lower(i.description)',
  price: 'i.price',
  created_at: 'i.created_at',
};

export async function listItems(db: Db, q: ListQuery) {
  const search = q.search ? `%${q.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = 'i.customer_id = $1 AND ($2::text IS NULL OR lower(i.description) LIKE $2)';
  // Without table options the newest charges come first.
  const direction = q.order === 'asc' ? 'ASC' : q.order === 'desc' || !q.sort ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY ${SORTS[q.sort ?? 'start'] ?? 'i.start_at'} ${direction}, i.id ${direction}`;
  const limit = q.limit === 0 ? 'ALL' : String(q.limit);
  const [rows, count] = await Promise.all([
    db.query<ItemRow>(`${SELECT} WHERE ${where} ${orderBy} LIMIT ${limit} OFFSET ${Number(q.skip)}`, [q.cid, search]),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM billing_items i WHERE ${where}`, [q.cid, search]),
  ]);
  return { items: rows.map(toItem), total: count.n };
}

export async function findItem(db: Db, id: number): Promise<BillingItem | undefined> {
  const row = await db.maybeOne<ItemRow>(`${SELECT} WHERE i.id = $1`, [id]);
  return row && toItem(row);
}

export async function insertItem(db: Db, w: ItemWrite): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO billing_items (customer_id, domain_id, description, price, currency, qty, active, recurring, start_at,
       end_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [w.cid, w.did, w.description, w.price, w.currency, w.qty, w.active, w.recurring, w.start, w.end],
  );
  return row.id;
}

/** Changes an item of customer `cid`; false when it is not that customer's. */
export async function updateItem(db: Db, id: number, w: ItemWrite): Promise<boolean> {
  const rows = await db.query(
    `UPDATE billing_items SET domain_id = $3, description = $4, price = $5, currency = $6, qty = $7, active = $8,
            recurring = $9, start_at = $10, end_at = $11
      WHERE id = $1 AND customer_id = $2 RETURNING id`,
    [id, w.cid, w.did, w.description, w.price, w.currency, w.qty, w.active, w.recurring, w.start, w.end],
  );
  return rows.length > 0;
}

export async function deleteItem(db: Db, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM billing_items WHERE id = $1 RETURNING id', [id])).length > 0;
}

export async function customerName(db: Db, cid: number): Promise<string | undefined> {
  return (await db.maybeOne<{ name: string }>('SELECT name FROM customers WHERE id = $1', [cid]))?.name;
}

export async function isCustomerDomain(db: Db, cid: number, did: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM domains WHERE id = $1 AND customer_id = $2', [did, cid])).length > 0;
}
