import type { DomainPattern, DomainPatternWrite } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface DomainPatternRow {
  id: number;
  customer_id: number;
  domain_id: number;
  pattern: string;
  note: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

export const toDomainPattern = (row: DomainPatternRow): DomainPattern => ({
  id: row.id,
  did: row.domain_id,
  pattern: row.pattern,
  note: row.note,
  active: row.active,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

export function listDomainPatterns(db: Db, cid: number, did: number): Promise<DomainPatternRow[]> {
  return db.query('SELECT * FROM domain_patterns WHERE customer_id = $1 AND domain_id = $2 ORDER BY id', [cid, did]);
}

export function activeDomainPatterns(db: Db, cid: number, did: number): Promise<DomainPatternRow[]> {
  return db.query('SELECT * FROM domain_patterns WHERE customer_id = $1 AND domain_id = $2 AND active ORDER BY id', [
    cid,
    did,
  ]);
}

export function findDomainPattern(db: Db, cid: number, did: number, id: number) {
  return db.maybeOne<DomainPatternRow>(
    'SELECT * FROM domain_patterns WHERE customer_id = $1 AND domain_id = $2 AND id = $3',
    [cid, did, id],
  );
}

export function insertDomainPattern(db: Db, cid: number, did: number, write: DomainPatternWrite) {
  return db.one<DomainPatternRow>(
    `INSERT INTO domain_patterns (customer_id, domain_id, pattern, note, active) VALUES ($1, $2, $3, $4, $5)
     RETURNING *`,
    [cid, did, write.pattern, write.note, write.active],
  );
}

export function updateDomainPattern(db: Db, cid: number, did: number, id: number, write: DomainPatternWrite) {
  return db.maybeOne<DomainPatternRow>(
    `UPDATE domain_patterns SET pattern = $4, note = $5, active = $6, updated_at = now()
      WHERE customer_id = $1 AND domain_id = $2 AND id = $3 RETURNING *`,
    [cid, did, id, write.pattern, write.note, write.active],
  );
}

export async function deleteDomainPattern(db: Db, cid: number, did: number, id: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM domain_patterns WHERE customer_id = $1 AND domain_id = $2 AND id = $3 RETURNING id',
    [cid, did, id],
  );
  return rows.length > 0;
}
