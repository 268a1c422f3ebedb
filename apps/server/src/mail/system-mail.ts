import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import { sealColumn } from '../secrets/secret-columns.ts';

export interface SystemMail {
  to: string;
  subject: string;
  text: string;
  kind: 'password-reset' | 'activation' | 'invitation' | 'notice';
}

/**
 * Queues mail the platform sends to people (resets, activations, invitations) in the same transaction as the
 * change that caused it. The mail engine's system-mail job delivers the rows; until it has, they wait here with
 * the body sealed (it holds a live link token), and once the mail is delivered or has failed for good the body is
 * removed (docs/security.md).
 */
export async function queueSystemMail(db: Db, log: Logger, mail: SystemMail): Promise<number> {
  // The id is taken first: the sealed body is bound to it.
  const { id } = await db.one<{ id: number }>("SELECT nextval(pg_get_serial_sequence('system_mail', 'id'))::int AS id");
  await db.query(
    `INSERT INTO system_mail (id, to_address, subject, text_body, kind) OVERRIDING SYSTEM VALUE
     VALUES ($1, $2, $3, $4, $5)`,
    [id, mail.to, mail.subject, sealColumn('system_mail.text_body', id, mail.text), mail.kind],
  );
  log.info({ systemMailId: id, kind: mail.kind, to: mail.to }, 'system mail queued');
  return id;
}
