import type { UploadStatus } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface UploadRow {
  id: number;
  customer_id: number;
  domain_id: number | null;
  kind: string;
  type: string | null;
  filename: string;
  state: UploadStatus['state'];
  total: number;
  processed: number;
  imported: number;
  skipped: number;
  errors: { line: number; message: string }[];
  message: string | null;
  created_at: Date;
  updated_at: Date;
}

export const toUploadStatus = (row: UploadRow): UploadStatus => ({
  id: row.id,
  kind: row.kind,
  type: row.type,
  filename: row.filename,
  state: row.state,
  total: row.total,
  processed: row.processed,
  imported: row.imported,
  skipped: row.skipped,
  errors: row.errors,
  message: row.message,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

export function insertUpload(
  db: Db,
  cid: number,
  input: { domainId: number; kind: 'suppressions'; type: string; filename: string; createdBy: number },
): Promise<UploadRow> {
  return db.one(
    `INSERT INTO uploads (customer_id, domain_id, kind, type, filename, created_by) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING *`,
    [cid, input.domainId, input.kind, input.type, input.filename, input.createdBy],
  );
}

export function findUpload(db: Db, cid: number, id: number): Promise<UploadRow | undefined> {
  return db.maybeOne('SELECT * FROM uploads WHERE customer_id = $1 AND id = $2', [cid, id]);
}

export type UploadChange = Partial<
  Pick<UploadRow, 'state' | 'total' | 'processed' | 'imported' | 'skipped' | 'errors' | 'message'>
>;

const CHANGEABLE = ['state', 'total', 'processed', 'imported', 'skipped', 'errors', 'message'] as const;

export async function updateUpload(db: Db, id: number, change: UploadChange): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const column of CHANGEABLE) {
    if (change[column] === undefined) continue;
    params.push(column === 'errors' ? JSON.stringify(change[column]) : change[column]);
    sets.push(`${column} = $${params.length}${column === 'errors' ? '::jsonb' : ''}`);
  }
  await db.query(`UPDATE uploads SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
}

/** An upload still running after this long belongs to a process that died: its transaction rolled back. */
export async function failStaleUploads(db: Db, cid: number, minutes: number): Promise<void> {
  await db.query(
    `UPDATE uploads SET state = 'failed', message = 'The upload was interrupted; nothing was imported', updated_at = now()
      WHERE customer_id = $1 AND state IN ('validating', 'importing')
        AND updated_at < now() - make_interval(mins => $2)`,
    [cid, minutes],
  );
}
