import type { Notification } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export type NotificationKind = 'user-invited' | 'user-activated' | 'password-changed' | 'second-factor-off' | string;

/** Adds a notification for every user of a customer (userId null) or for one user. */
export async function notify(
  db: Db,
  cid: number,
  kind: NotificationKind,
  message: string,
  userId: number | null = null,
) {
  await db.query('INSERT INTO notifications (customer_id, user_id, kind, message) VALUES ($1, $2, $3, $4)', [
    cid,
    userId,
    kind,
    message,
  ]);
}

const VISIBLE = 'n.customer_id = $1 AND (n.user_id IS NULL OR n.user_id = $2)';

export async function listNotifications(db: Db, cid: number, uid: number, limit: number) {
  const [rows, unread] = await Promise.all([
    db.query<{ id: number; kind: string; message: string; created_at: Date; read: boolean }>(
      `SELECT n.id, n.kind, n.message, n.created_at, r.user_id IS NOT NULL AS read
         FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $2
        WHERE ${VISIBLE} ORDER BY n.created_at DESC, n.id DESC LIMIT $3`,
      [cid, uid, limit],
    ),
    db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications n
        WHERE ${VISIBLE} AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = $2)`,
      [cid, uid],
    ),
  ]);
  const items: Notification[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    message: row.message,
    timestamp: new Date(row.created_at).toISOString(),
    read: row.read,
  }));
  return { items, new_count: unread.n };
}

export async function markRead(db: Db, cid: number, uid: number, ids: number[] | undefined) {
  await db.query(
    `INSERT INTO notification_reads (notification_id, user_id)
     SELECT n.id, $2 FROM notifications n WHERE ${VISIBLE} AND ($3::int[] IS NULL OR n.id = ANY($3::int[]))
     ON CONFLICT DO NOTHING`,
    [cid, uid, ids ?? null],
  );
}
