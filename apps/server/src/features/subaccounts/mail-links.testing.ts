import type { Db } from '../../db/client.ts';
import { openColumn } from '../../secrets/secret-columns.ts';

/** The system mails queued for an address, opened (their bodies are sealed at rest). */
export async function mailsTo(db: Db, to: string): Promise<{ subject: string; text: string }[]> {
  const rows = await db.query<{ id: number; subject: string; text_body: string }>(
    'SELECT id, subject, text_body FROM system_mail WHERE to_address = $1 ORDER BY id',
    [to],
  );
  return rows.map((row) => ({
    subject: row.subject,
    text: openColumn('system_mail.text_body', row.id, row.text_body),
  }));
}

/** The token of the last link to `path` (e.g. '/join/') mailed to an address. */
export async function linkToken(db: Db, to: string, path: string): Promise<string> {
  const mails = await mailsTo(db, to);
  const escaped = path.replace(/[/?]/g, (c) => `\\${c}`);
  for (const mail of mails.reverse()) {
    const match = mail.text.match(new RegExp(`${escaped}([A-Za-z0-9_-]+)`));
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}
