import type { DestinationBackoff } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface BackoffRow {
  destination: string;
  reason: string;
  smtp_pattern_id: number | null;
  mx_host: string | null;
  hits: number;
  started_at: Date;
  until: Date;
  updated_at: Date;
}

export const toBackoff = (row: BackoffRow): DestinationBackoff => ({
  destination: row.destination,
  reason: row.reason,
  smtp_pattern_id: row.smtp_pattern_id,
  mx_host: row.mx_host,
  hits: row.hits,
  started_at: new Date(row.started_at).toISOString(),
  until: new Date(row.until).toISOString(),
});

const key = (destination: string) => destination.trim().toLowerCase().replace(/\.$/, '');

/** The destination's backoff while it lasts, else null. */
export async function isInBackoff(db: Db, destination: string): Promise<BackoffRow | null> {
  const row = await db.maybeOne<BackoffRow>(
    'SELECT * FROM destination_backoff WHERE destination = $1 AND until > now()',
    [key(destination)],
  );
  return row ?? null;
}

/**
 * Puts a destination in backoff for `minutes`, or keeps it there: a repeated backoff reply counts a hit and extends
 * the end when it would come later. An ended backoff is started afresh.
 */
export function enterBackoff(
  db: Db,
  destination: string,
  reason: string,
  minutes: number,
  details: { smtpPatternId?: number | null; mxHost?: string | null } = {},
): Promise<BackoffRow> {
  return db.one<BackoffRow>(
    `INSERT INTO destination_backoff (destination, reason, smtp_pattern_id, mx_host, until)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))
     ON CONFLICT (destination) DO UPDATE SET
       reason = EXCLUDED.reason,
       smtp_pattern_id = EXCLUDED.smtp_pattern_id,
       mx_host = EXCLUDED.mx_host,
       hits = CASE WHEN destination_backoff.until > now() THEN destination_backoff.hits + 1 ELSE 1 END,
       started_at = CASE WHEN destination_backoff.until > now() THEN destination_backoff.started_at ELSE now() END,
       until = CASE WHEN destination_backoff.until > now() THEN greatest(destination_backoff.until, EXCLUDED.until)
                    ELSE EXCLUDED.until END,
       updated_at = now()
     RETURNING *`,
    [key(destination), reason.slice(0, 1000), details.smtpPatternId ?? null, details.mxHost ?? null, minutes],
  );
}

/** Ends a destination's backoff (a delivery there succeeded, or an operator said so); answers whether it was on. */
export async function leaveBackoff(db: Db, destination: string): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM destination_backoff WHERE destination = $1 RETURNING until > now() AS live',
    [key(destination)],
  );
  return rows.length > 0 && Boolean((rows[0] as { live: boolean }).live);
}

/** The destinations in backoff now, the latest to end first; ended ones are cleared on the way. */
export async function listBackoff(db: Db): Promise<BackoffRow[]> {
  await db.query('DELETE FROM destination_backoff WHERE until <= now()');
  return db.query<BackoffRow>('SELECT * FROM destination_backoff ORDER BY until DESC, destination');
}
