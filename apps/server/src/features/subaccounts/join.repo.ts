import type { JoinReview } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface JoinRow {
  id: number;
  customer_id: number;
  approver: string;
  approver_user_id: number | null;
  /** The approver's customer and role now (the request is void once the approver is no admin there). */
  parent_id: number | null;
  approver_role: string | null;
  created_at: Date;
  expires_at: Date;
  customer: string;
  username: string | null;
  full_name: string | null;
  email: string | null;
}

const SELECT_JOIN = `SELECT j.id, j.customer_id, j.approver, j.approver_user_id, j.created_at, j.expires_at,
    a.customer_id AS parent_id, a.role AS approver_role, c.name AS customer,
    r.username, r.full_name, r.email
  FROM join_requests j
  JOIN customers c ON c.id = j.customer_id
  LEFT JOIN users a ON a.id = j.approver_user_id AND a.state = 'active'
  LEFT JOIN users r ON r.id = j.requested_by`;

export function toReview(row: JoinRow): JoinReview {
  return {
    id: row.id,
    approver: row.approver,
    requester: {
      cid: row.customer_id,
      customer: row.customer,
      username: row.username,
      full_name: row.full_name,
      email: row.email,
    },
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** A join request by number or by its link's token hash, while it has not expired. */
export function findJoinRequest(db: Db, ref: { id: number } | { tokenHash: string }): Promise<JoinRow | undefined> {
  const [where, value] = 'id' in ref ? ['j.id = $1', ref.id] : ['j.token_hash = $1', ref.tokenHash];
  return db.maybeOne<JoinRow>(`${SELECT_JOIN} WHERE ${where} AND j.expires_at > now()`, [value]);
}

/** The open requests an admin of `cid` may decide: those naming one of its admins. */
export function listReceived(db: Db, cid: number): Promise<JoinRow[]> {
  return db.query<JoinRow>(
    `${SELECT_JOIN} WHERE a.customer_id = $1 AND a.role IN ('admin', 'superadmin') AND j.expires_at > now()
      ORDER BY j.created_at DESC, j.id DESC LIMIT 100`,
    [cid],
  );
}

export function findOwnRequest(db: Db, cid: number) {
  return db.maybeOne<{ approver: string; created_at: Date; expires_at: Date }>(
    'SELECT approver, created_at, expires_at FROM join_requests WHERE customer_id = $1 AND expires_at > now()',
    [cid],
  );
}

/** One open request per customer: a new one replaces the last (and its link stops working). */
export async function upsertJoinRequest(
  db: Db,
  input: { cid: number; uid: number; approver: string; approverUserId: number | null; tokenHash: string },
) {
  await db.query(
    `INSERT INTO join_requests (customer_id, requested_by, approver, approver_user_id, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + interval '7 days')
     ON CONFLICT (customer_id) DO UPDATE SET requested_by = EXCLUDED.requested_by, approver = EXCLUDED.approver,
       approver_user_id = EXCLUDED.approver_user_id, token_hash = EXCLUDED.token_hash, created_at = now(),
       expires_at = EXCLUDED.expires_at`,
    [input.cid, input.uid, input.approver, input.approverUserId, input.tokenHash],
  );
}

/** Spec 4: deciding clears the requester data; the row goes with it. */
export async function deleteJoinRequest(db: Db, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM join_requests WHERE id = $1 RETURNING id', [id])).length > 0;
}
