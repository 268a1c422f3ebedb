import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';

export interface SystemMail {
  to: string;
  subject: string;
  text: string;
  kind: 'password-reset' | 'activation' | 'invitation' | 'notice';
}

/**
 * Queues mail the platform sends to people (resets, activations, invitations) in the same transaction as the
 * change that caused it. The mail engine's system-mail job delivers the rows; until it has, they wait here.
 */
export async function queueSystemMail(db: Db, log: Logger, mail: SystemMail): Promise<number> {
  const row = await db.one<{ id: number }>(
    'INSERT INTO system_mail (to_address, subject, text_body, kind) VALUES ($1, $2, $3, $4) RETURNING id',
    [mail.to, mail.subject, mail.text, mail.kind],
  );
  log.info({ systemMailId: row.id, kind: mail.kind, to: mail.to }, 'system mail queued');
  return row.id;
}
