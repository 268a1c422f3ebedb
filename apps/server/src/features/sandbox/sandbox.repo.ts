import type { Db } from '../../db/client.ts';

export interface SandboxDomainRow {
  id: number;
  name: string;
}

/**
 * Makes a freshly inserted domain (domains.repo insertDomain, which also seals its key) the customer's sandbox
 * domain: verified from the start (it has no DNS to check), open and click tracking on so the newcomer sees them.
 * The partial unique index refuses a second sandbox domain for the customer (23505).
 */
export async function markSandbox(db: Db, cid: number, did: number): Promise<void> {
  await db.query(
    `UPDATE domains SET sandbox = true, state = 'verified', verified_at = now(), open_tracking = true,
            click_tracking = true
      WHERE id = $2 AND customer_id = $1`,
    [cid, did],
  );
}

export function findSandboxDomain(db: Db, cid: number): Promise<SandboxDomainRow | undefined> {
  return db.maybeOne<SandboxDomainRow>('SELECT id, name FROM domains WHERE customer_id = $1 AND sandbox', [cid]);
}

/** Customers created before the sandbox existed (or behind the server's back): the start gives them one. */
export async function customersWithoutSandbox(db: Db): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT c.id FROM customers c WHERE NOT EXISTS (SELECT 1 FROM domains d WHERE d.customer_id = c.id AND d.sandbox) ORDER BY c.id',
  );
  return rows.map((r) => r.id);
}

export interface SandboxMessageRow {
  id: number;
  message_id: number | null;
  mail_from: string;
  rcpt_to: string[];
  from_header: string;
  to_header: string;
  subject: string;
  size: number;
  received_at: Date;
}

const SUMMARY = `id, message_id, mail_from, rcpt_to, from_header, to_header, subject, octet_length(raw) AS size,
  received_at`;

export async function listSandboxMessages(db: Db, cid: number, page: { limit: number; skip: number }) {
  const [rows, total] = await Promise.all([
    db.query<SandboxMessageRow>(
      `SELECT ${SUMMARY} FROM sandbox_messages WHERE customer_id = $1
        ORDER BY received_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [cid, page.limit === 0 ? null : page.limit, page.skip],
    ),
    db.one<{ count: number }>('SELECT count(*)::int AS count FROM sandbox_messages WHERE customer_id = $1', [cid]),
  ]);
  return { rows, total: total.count };
}

export function findSandboxMessage(db: Db, cid: number, id: number) {
  return db.maybeOne<SandboxMessageRow & { raw: Uint8Array; auth: unknown }>(
    `SELECT ${SUMMARY}, raw, auth FROM sandbox_messages WHERE customer_id = $1 AND id = $2`,
    [cid, id],
  );
}
