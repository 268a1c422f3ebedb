import type { DataLocation, DomainLocation } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

/**
 * The operator's data locations with how many domains use each: within one customer, across all, or none counted.
 * Locations live in the data_locations table (0024_subaccounts.sql); docs/accounts.md says how to change them.
 */
export function listLocations(db: Db, scope: { cid: number } | 'all' | 'none'): Promise<DataLocation[]> {
  const counted = scope === 'none' ? 'false' : scope === 'all' ? 'true' : 'd.customer_id = $1';
  return db.query<DataLocation>(
    `SELECT l.code, l.name, count(d.id) FILTER (WHERE ${counted})::int AS usage
       FROM data_locations l LEFT JOIN domains d ON d.location = l.code
      GROUP BY l.code, l.name, l.position
      ORDER BY l.position, l.name`,
    typeof scope === 'object' ? [scope.cid] : [],
  );
}

export function listDomainLocations(db: Db, cid: number): Promise<DomainLocation[]> {
  return db.query<DomainLocation>(
    `SELECT d.id AS did, d.name, d.location FROM domains d WHERE d.customer_id = $1 ORDER BY d.name`,
    [cid],
  );
}
