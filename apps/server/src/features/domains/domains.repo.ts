import type { DnsRecordKind, DnsRecordState, DomainState, PageQuery } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { DkimKey } from '../../mail/dns/dkim-keys.ts';
import { sealColumn } from '../../secrets/secret-columns.ts';

/** The last verification of one record, as stored in domains.records (keyed by kind). */
export interface StoredRecordCheck {
  /** Host and value that were checked: a check of an older selector or setting no longer counts. */
  host: string;
  value: string;
  state: Exclude<DnsRecordState, 'unchecked'>;
  found: string[];
  error: string | null;
  checked_at: string;
}
export type StoredRecords = Partial<Record<DnsRecordKind, StoredRecordCheck>>;

/** A domain row without its private key: what the console API reads. */
export interface DomainRow {
  id: number;
  customer_id: number;
  name: string;
  state: DomainState;
  dkim_selector: string;
  dkim_public_key: string;
  dkim_rotated_at: Date | null;
  bounce_host: string;
  tracking_host: string;
  open_tracking: boolean;
  click_tracking: boolean;
  unsubscribe_tracking: boolean;
  /** The customer's sandbox domain (issue 11): no DNS, mail only to the catch-all MX, cannot be deleted. */
  sandbox: boolean;
  records: StoredRecords;
  checked_at: Date | null;
  verified_at: Date | null;
  created_at: Date;
}

const COLUMNS = `d.id, d.customer_id, d.name, d.state, d.dkim_selector, d.dkim_public_key, d.dkim_rotated_at,
  d.bounce_host, d.tracking_host, d.open_tracking, d.click_tracking, d.unsubscribe_tracking, d.sandbox, d.records,
  d.checked_at, d.verified_at, d.created_at`;

export function findCustomerDomain(db: Db, cid: number, did: number): Promise<DomainRow | undefined> {
  return db.maybeOne<DomainRow>(`SELECT ${COLUMNS} FROM domains d WHERE d.id = $2 AND d.customer_id = $1`, [cid, did]);
}

const SORTS: Record<string, string> = { name: 'd.name', state: 'd.state', created_at: 'd.created_at' };

function paging(page: PageQuery) {
  const sort = SORTS[page.sort ?? 'name'] ?? 'd.name';
  return {
    orderBy: `ORDER BY ${sort} ${page.order === 'desc' ? 'DESC' : 'ASC'}, d.id`,
    // % and _ typed by a person are literal characters, not LIKE wildcards.
    search: page.search ? `%${page.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null,
    limit: page.limit === 0 ? null : page.limit,
  };
}

export async function listCustomerDomains(db: Db, cid: number, page: PageQuery) {
  const { orderBy, search, limit } = paging(page);
  const where = 'd.customer_id = $1 AND ($2::text IS NULL OR d.name LIKE $2)';
  const [rows, total] = await Promise.all([
    db.query<DomainRow>(`SELECT ${COLUMNS} FROM domains d WHERE ${where} ${orderBy} LIMIT $3 OFFSET $4`, [
      cid,
      search,
      limit,
      page.skip,
    ]),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM domains d WHERE ${where}`, [cid, search]),
  ]);
  return { rows, total: total.n };
}

export async function listAllDomains(db: Db, page: PageQuery) {
  const { orderBy, search, limit } = paging(page);
  const from = 'FROM domains d JOIN customers c ON c.id = d.customer_id';
  const where = '($1::text IS NULL OR d.name LIKE $1 OR lower(c.name) LIKE $1)';
  const [rows, total] = await Promise.all([
    db.query<DomainRow & { customer_name: string }>(
      `SELECT ${COLUMNS}, c.name AS customer_name ${from} WHERE ${where} ${orderBy} LIMIT $2 OFFSET $3`,
      [search, limit, page.skip],
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${where}`, [search]),
  ]);
  return { rows, total: total.n };
}

export async function isDomainNameTaken(db: Db, name: string): Promise<boolean> {
  return Boolean(await db.maybeOne('SELECT 1 FROM domains WHERE name = $1', [name]));
}

export async function insertDomain(
  db: Db,
  cid: number,
  input: { name: string; key: DkimKey; bounceHost: string; trackingHost: string },
): Promise<number> {
  // The id is taken first: the sealed private key is bound to it.
  const { id } = await db.one<{ id: number }>("SELECT nextval(pg_get_serial_sequence('domains', 'id'))::int AS id");
  const row = await db.one<{ id: number }>(
    `INSERT INTO domains (id, customer_id, name, dkim_selector, dkim_private_key, dkim_public_key, bounce_host,
                          tracking_host)
     OVERRIDING SYSTEM VALUE VALUES ($8, $1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      cid,
      input.name,
      input.key.selector,
      sealColumn('domains.dkim_private_key', id, input.key.privateKeyPem),
      input.key.publicKeyBase64,
      input.bounceHost,
      input.trackingHost,
      id,
    ],
  );
  return row.id;
}

export async function updateTracking(
  db: Db,
  cid: number,
  did: number,
  input: {
    open_tracking?: boolean | undefined;
    click_tracking?: boolean | undefined;
    unsubscribe_tracking?: boolean | undefined;
  },
) {
  await db.query(
    `UPDATE domains SET open_tracking = coalesce($3, open_tracking), click_tracking = coalesce($4, click_tracking),
            unsubscribe_tracking = coalesce($5, unsubscribe_tracking)
      WHERE id = $2 AND customer_id = $1`,
    [cid, did, input.open_tracking ?? null, input.click_tracking ?? null, input.unsubscribe_tracking ?? null],
  );
}

/** A new key replaces the old one at once; until its record is verified the domain does not send (fail closed). */
export async function replaceDkimKey(db: Db, cid: number, did: number, key: DkimKey) {
  await db.query(
    `UPDATE domains SET dkim_selector = $3, dkim_private_key = $4, dkim_public_key = $5, dkim_rotated_at = now(),
            state = 'unverified', verified_at = NULL, records = records - 'dkim'
      WHERE id = $2 AND customer_id = $1`,
    [cid, did, key.selector, sealColumn('domains.dkim_private_key', did, key.privateKeyPem), key.publicKeyBase64],
  );
}

export async function saveVerification(db: Db, cid: number, did: number, records: StoredRecords, verified: boolean) {
  await db.query(
    `UPDATE domains SET records = $3, checked_at = now(), state = $4,
            verified_at = CASE WHEN $4 = 'verified' THEN coalesce(verified_at, now()) END
      WHERE id = $2 AND customer_id = $1`,
    [cid, did, JSON.stringify(records), verified ? 'verified' : 'unverified'],
  );
}

export async function deleteDomain(db: Db, cid: number, did: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM domains WHERE id = $2 AND customer_id = $1 RETURNING id', [cid, did]);
  return rows.length > 0;
}
