import type { Db } from '../../db/client.ts';

/** A sandbox domain as the catch-all MX needs it: whose mail it is, and the records it stands in for DNS with. */
export interface SandboxSender {
  domainId: number;
  customerId: number;
  name: string;
  bounceHost: string;
  dkimSelector: string;
  dkimPublicKey: string;
}

const COLUMNS = `id AS "domainId", customer_id AS "customerId", name, bounce_host AS "bounceHost",
  dkim_selector AS "dkimSelector", dkim_public_key AS "dkimPublicKey"`;

/** The sandbox domain whose return-path host is `host` (the VERP envelope sender's domain); undefined otherwise. */
export function findSandboxByBounceHost(db: Db, host: string): Promise<SandboxSender | undefined> {
  return db.maybeOne<SandboxSender>(`SELECT ${COLUMNS} FROM domains WHERE bounce_host = $1 AND sandbox`, [
    host.toLowerCase(),
  ]);
}

/** The sandbox domain named `name` or whose return-path host is `name` (for the verifier's DNS answers). */
export function findSandboxByHost(db: Db, name: string): Promise<SandboxSender | undefined> {
  return db.maybeOne<SandboxSender>(
    `SELECT ${COLUMNS} FROM domains WHERE (name = $1 OR bounce_host = $1) AND sandbox LIMIT 1`,
    [name.toLowerCase()],
  );
}

/** The message a VERP recipient id belongs to (null once retention pruned it). */
export async function findMessageOfRecipient(db: Db, recipientId: number): Promise<number | null> {
  const row = await db.maybeOne<{ message_id: number }>('SELECT message_id FROM message_recipients WHERE id = $1', [
    recipientId,
  ]);
  return row ? Number(row.message_id) : null;
}

export interface ReceivedSandboxMessage {
  customerId: number;
  domainId: number;
  messageId: number | null;
  mailFrom: string;
  rcptTo: string[];
  fromHeader: string;
  toHeader: string;
  subject: string;
  raw: Buffer;
  auth: unknown;
}

export async function insertSandboxMessage(db: Db, m: ReceivedSandboxMessage): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO sandbox_messages
       (customer_id, domain_id, message_id, mail_from, rcpt_to, from_header, to_header, subject, raw, auth)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      m.customerId,
      m.domainId,
      m.messageId,
      m.mailFrom,
      m.rcptTo,
      m.fromHeader,
      m.toHeader,
      m.subject,
      m.raw,
      JSON.stringify(m.auth),
    ],
  );
  return Number(row.id);
}
