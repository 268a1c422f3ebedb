import type { ClientVettingState, PageQuery, Subaccount } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

interface ClientRow {
  cid: number;
  customer: string;
  email: string | null;
  vetting: ClientVettingState;
  created_at: Date;
}

// A client's vetting state from its form (customer_vetting, 0025): no row is a client from before vetting.
const VETTING_STATE = `CASE
    WHEN v.id IS NULL THEN 'none'
    WHEN v.decision = 'approve' THEN 'approved'
    WHEN v.decision = 'reject' THEN 'rejected'
    WHEN v.finished THEN 'submitted'
    ELSE 'inprogress' END`;

const SELECT_CLIENT = `SELECT c.id AS cid, c.name AS customer, c.created_at, ${VETTING_STATE} AS vetting,
    coalesce(v.email, (SELECT u.email FROM users u WHERE u.customer_id = c.id AND u.role = 'admin'
                        ORDER BY u.id LIMIT 1)) AS email
  FROM customers c LEFT JOIN customer_vetting v ON v.customer_id = c.id`;

const toSubaccount = (row: ClientRow): Subaccount => ({ ...row, created_at: new Date(row.created_at).toISOString() });

const SORTS: Record<string, string> = { customer: 'lower(c.name)', cid: 'c.id', created_at: 'c.created_at' };

/** The direct clients of one customer (never its parent's or siblings': the filter is parent_id). */
export async function listClients(db: Db, parentCid: number, page: PageQuery) {
  const sort = SORTS[page.sort ?? 'customer'] ?? SORTS.customer;
  const order = page.order === 'desc' ? 'DESC' : 'ASC';
  const search = page.search ? `%${page.search.toLowerCase()}%` : null;
  const where = 'c.parent_id = $1 AND ($2::text IS NULL OR lower(c.name) LIKE $2)';
  const [rows, total] = await Promise.all([
    db.query<ClientRow>(`${SELECT_CLIENT} WHERE ${where} ORDER BY ${sort} ${order}, c.id LIMIT $3 OFFSET $4`, [
      parentCid,
      search,
      page.limit === 0 ? null : page.limit,
      page.skip,
    ]),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM customers c WHERE ${where}`, [parentCid, search]),
  ]);
  return { items: rows.map(toSubaccount), total_count: total.n };
}

export async function findClient(db: Db, parentCid: number, cid: number): Promise<Subaccount | undefined> {
  const row = await db.maybeOne<ClientRow>(`${SELECT_CLIENT} WHERE c.parent_id = $1 AND c.id = $2`, [parentCid, cid]);
  return row && toSubaccount(row);
}

/** Whether `ancestor` is `cid` itself or above it (a customer may not be placed under its own client). */
export async function isSelfOrAncestor(db: Db, ancestor: number, cid: number): Promise<boolean> {
  const row = await db.maybeOne(
    `WITH RECURSIVE up(id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM customers WHERE id = $2
       UNION ALL SELECT c.id, c.parent_id, up.depth + 1 FROM customers c JOIN up ON c.id = up.parent_id
        WHERE up.depth < 50)
     SELECT 1 FROM up WHERE id = $1`,
    [ancestor, cid],
  );
  return row !== undefined;
}
