import type { Db } from '../../db/client.ts';
import { openColumn } from '../../secrets/secret-columns.ts';

/**
 * The newest system mail row matching `where`, with its body opened as the system-mail job opens it (bodies are
 * stored sealed until the mail is delivered, then removed: `text` is null).
 */
export async function latestSystemMail(db: Db, where: string, params: unknown[] = []) {
  const row = await db.one<{ id: number; kind: string; text_body: string | null }>(
    `SELECT id, kind, text_body FROM system_mail WHERE ${where} ORDER BY id DESC LIMIT 1`,
    params,
  );
  const text = row.text_body === null ? null : openColumn('system_mail.text_body', row.id, row.text_body);
  return { id: row.id, kind: row.kind, text };
}
