import type { CustomerVettingItem, DomainVettingItem, VettingListQuery } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface CustomerVettingRow {
  id: number;
  customer_id: number;
  customer: string;
  email: string;
  responses: Record<string, unknown>;
  finished: boolean;
  finished_at: Date | null;
  decision: 'approve' | 'reject' | null;
  note: string;
  decided_by_name: string | null;
  decided_at: Date | null;
  created_at: Date;
}

const CUSTOMER_SELECT = `SELECT v.id, v.customer_id, c.name AS customer, v.email, v.responses, v.finished, v.finished_at,
       v.decision, v.note, v.decided_by_name, v.decided_at, v.created_at
  FROM customer_vetting v JOIN customers c ON c.id = v.customer_id`;

export const findFormByTokenHash = (db: Db, tokenHash: string) =>
  db.maybeOne<CustomerVettingRow>(`${CUSTOMER_SELECT} WHERE v.token_hash = $1`, [tokenHash]);

export const findFormByCustomer = (db: Db, cid: number) =>
  db.maybeOne<CustomerVettingRow>(`${CUSTOMER_SELECT} WHERE v.customer_id = $1`, [cid]);

/** Saves answers unless the form is already finished; null when it was (a second tab, a replayed request). */
export async function saveAnswers(db: Db, id: number, responses: unknown, finished: boolean) {
  return db.maybeOne<{ id: number }>(
    `UPDATE customer_vetting SET responses = $2, finished = $3, finished_at = CASE WHEN $3 THEN now() END,
            updated_at = now()
      WHERE id = $1 AND NOT finished RETURNING id`,
    [id, JSON.stringify(responses), finished],
  );
}

const STATE_WHERE: Record<string, string> = {
  open: 'v.decision IS NULL',
  approve: "v.decision = 'approve'",
  reject: "v.decision = 'reject'",
  all: 'true',
};

export async function listCustomerForms(db: Db, query: Required<Pick<VettingListQuery, 'state'>> & PageLike) {
  const where = `${STATE_WHERE[query.state]} AND ($1::text IS NULL OR c.name ILIKE $1 OR v.email ILIKE $1)`;
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const [rows, total] = await Promise.all([
    db.query<CustomerVettingRow>(
      `${CUSTOMER_SELECT} WHERE ${where}
        ORDER BY v.finished DESC, v.finished_at DESC NULLS LAST, v.id DESC LIMIT $2 OFFSET $3`,
      [search, query.limit || null, query.skip],
    ),
    db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM customer_vetting v JOIN customers c ON c.id = v.customer_id WHERE ${where}`,
      [search],
    ),
  ]);
  return { rows, total: total.n };
}

export interface PageLike {
  limit: number;
  skip: number;
  search?: string | undefined;
}

export async function decideCustomer(
  db: Db,
  cid: number,
  decision: { decision: string; note: string; uid: number; username: string },
) {
  return db.maybeOne<{ id: number }>(
    `UPDATE customer_vetting SET decision = $2, note = $3, decided_by = $4, decided_by_name = $5, decided_at = now(),
            updated_at = now()
      WHERE customer_id = $1 RETURNING id`,
    [cid, decision.decision, decision.note, decision.uid, decision.username],
  );
}

export function toCustomerItem(row: CustomerVettingRow, parse: (r: unknown) => CustomerVettingItem['responses']) {
  return {
    cid: row.customer_id,
    customer: row.customer,
    email: row.email,
    responses: parse(row.responses),
    finished: row.finished,
    finished_at: row.finished_at?.toISOString() ?? null,
    decision: row.decision,
    note: row.note,
    decided_by: row.decided_by_name,
    decided_at: row.decided_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  } satisfies CustomerVettingItem;
}

interface DomainVettingRow {
  did: number;
  name: string;
  cid: number;
  customer: string;
  state: string;
  sandbox: boolean;
  vetted: boolean;
  customer_decision: string | null;
  preferred_location: string;
  status: 'approve' | 'reject' | null;
  note: string | null;
  location: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
}

const DOMAIN_SELECT = `SELECT d.id AS did, d.name, d.customer_id AS cid, c.name AS customer, d.state, d.sandbox,
       cv.id IS NOT NULL AS vetted, cv.decision AS customer_decision,
       coalesce(cv.responses->>'location', '') AS preferred_location,
       dv.status, dv.note, d.location, dv.decided_by_name, dv.decided_at
  FROM domains d JOIN customers c ON c.id = d.customer_id
  LEFT JOIN customer_vetting cv ON cv.customer_id = d.customer_id
  LEFT JOIN domain_vetting dv ON dv.domain_id = d.id`;

const DOMAIN_STATE_WHERE: Record<string, string> = {
  open: 'dv.status IS NULL AND NOT d.sandbox',
  approve: "dv.status = 'approve'",
  reject: "dv.status = 'reject'",
  all: 'true',
};

export async function listDomains(db: Db, query: { state: string } & PageLike) {
  const where = `${DOMAIN_STATE_WHERE[query.state]} AND ($1::text IS NULL OR d.name ILIKE $1 OR c.name ILIKE $1)`;
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const [rows, total] = await Promise.all([
    db.query<DomainVettingRow>(
      `${DOMAIN_SELECT} WHERE ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT $2 OFFSET $3`,
      [search, query.limit || null, query.skip],
    ),
    db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM domains d JOIN customers c ON c.id = d.customer_id
         LEFT JOIN domain_vetting dv ON dv.domain_id = d.id WHERE ${where}`,
      [search],
    ),
  ]);
  return { items: rows.map(toDomainItem), total: total.n };
}

export async function findDomainVetting(db: Db, did: number) {
  const row = await db.maybeOne<DomainVettingRow>(`${DOMAIN_SELECT} WHERE d.id = $1`, [did]);
  return row ? toDomainItem(row) : null;
}

/** The decision, and on approval the domain's data location (domains.location, which extras/locations counts). */
export async function upsertDomainVetting(
  db: Db,
  did: number,
  v: { status: string; note: string; location: string | null; uid: number; username: string },
) {
  await db.query(
    `INSERT INTO domain_vetting (domain_id, status, note, decided_by, decided_by_name, decided_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (domain_id) DO UPDATE SET status = EXCLUDED.status, note = EXCLUDED.note,
       decided_by = EXCLUDED.decided_by, decided_by_name = EXCLUDED.decided_by_name, decided_at = now()`,
    [did, v.status, v.note, v.uid, v.username],
  );
  if (v.location) await db.query('UPDATE domains SET location = $2 WHERE id = $1', [did, v.location]);
}

export async function locationKnown(db: Db, code: string): Promise<boolean> {
  return Boolean(await db.maybeOne('SELECT 1 FROM data_locations WHERE code = $1', [code]));
}

function toDomainItem(row: DomainVettingRow): DomainVettingItem {
  return {
    did: row.did,
    name: row.name,
    cid: row.cid,
    customer: row.customer,
    verified: row.state === 'verified' || row.sandbox,
    sandbox: row.sandbox,
    customer_vetting:
      !row.vetted || row.customer_decision === 'approve'
        ? 'approved'
        : row.customer_decision === 'reject'
          ? 'rejected'
          : 'pending',
    status: row.status,
    note: row.note ?? '',
    location: row.location,
    preferred_location: row.preferred_location,
    decided_by: row.decided_by_name,
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

/** Where the customer hears of a decision: its admins' addresses and the address the form was sent to. */
export async function customerRecipients(db: Db, cid: number): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    `SELECT DISTINCT lower(email) AS email FROM (
       SELECT email FROM users WHERE customer_id = $1 AND role IN ('admin', 'partner') AND state = 'active'
                                 AND email IS NOT NULL
       UNION SELECT email FROM customer_vetting WHERE customer_id = $1) e ORDER BY 1`,
    [cid],
  );
  return rows.map((r) => r.email);
}
