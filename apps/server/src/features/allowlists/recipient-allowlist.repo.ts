import type { AllowlistEntry, PageQuery } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface AllowlistRow {
  id: number;
  customer_id: number;
  domain_id: number;
  recipient: string;
  note: string;
  created_at: Date;
}

export const toAllowlistEntry = (row: AllowlistRow): AllowlistEntry => ({
  id: row.id,
  recipient: row.recipient,
  note: row.note,
  created_at: new Date(row.created_at).toISOString(),
});

const SORTS: Record<string, string> = { recipient: 'recipient', note: 'lower(note)', created_at: 'created_at' };

export async function listAllowlist(db: Db, cid: number, did: number, page: PageQuery) {
  // % and _ typed by a person are literal characters, not LIKE wildcards.
  const search = page.search ? `%${page.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const where =
    'customer_id = $1 AND domain_id = $2 AND ($3::text IS NULL OR recipient LIKE $3 OR lower(note) LIKE $3)';
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY ${SORTS[page.sort ?? 'recipient'] ?? 'recipient'} ${direction}, id ${direction}`;
  const limit = page.limit === 0 ? 'ALL' : String(page.limit);
  const [rows, count] = await Promise.all([
    db.query<AllowlistRow>(
      `SELECT * FROM recipient_allowlist WHERE ${where} ${orderBy} LIMIT ${limit} OFFSET ${Number(page.skip)}`,
      [cid, did, search],
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM recipient_allowlist WHERE ${where}`, [cid, did, search]),
  ]);
  return { rows, total: count.n };
}

/** Adds a recipient, or gives an existing one the new note. */
export function upsertAllowlistEntry(db: Db, cid: number, did: number, entry: { recipient: string; note: string }) {
  return db.one<AllowlistRow>(
    `INSERT INTO recipient_allowlist (customer_id, domain_id, recipient, note) VALUES ($1, $2, $3, $4)
     ON CONFLICT (domain_id, recipient) DO UPDATE SET note = EXCLUDED.note RETURNING *`,
    [cid, did, entry.recipient, entry.note],
  );
}

export async function deleteAllowlistEntry(
  db: Db,
  cid: number,
  did: number,
  by: { id?: number | undefined; recipient?: string | undefined },
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM recipient_allowlist WHERE customer_id = $1 AND domain_id = $2
        AND ($3::int IS NULL OR id = $3) AND ($4::text IS NULL OR recipient = $4) RETURNING id`,
    [cid, did, by.id ?? null, by.recipient ?? null],
  );
  return rows.length;
}

/** The entry covering a recipient: the address itself first, else its domain. */
export function findCoveringEntry(db: Db, cid: number, did: number, recipient: string) {
  const domain = recipient.includes('@') ? recipient.slice(recipient.lastIndexOf('@') + 1) : recipient;
  return db.maybeOne<AllowlistRow>(
    `SELECT * FROM recipient_allowlist WHERE customer_id = $1 AND domain_id = $2 AND recipient IN ($3, $4)
      ORDER BY (recipient = $3) DESC LIMIT 1`,
    [cid, did, recipient, domain],
  );
}
