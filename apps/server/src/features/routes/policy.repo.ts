import type { InboundPolicyInput } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface PolicyRow {
  unmatched: InboundPolicyInput['unmatched'];
  max_size: number | null;
  require_spf: boolean;
  require_dkim: boolean;
  require_dmarc: boolean;
  auth_failure: InboundPolicyInput['auth_failure'];
  updated_at: Date;
}

const COLUMNS = 'unmatched, max_size, require_spf, require_dkim, require_dmarc, auth_failure, updated_at';

export function findPolicy(db: Db, cid: number, did: number): Promise<PolicyRow | undefined> {
  return db.maybeOne<PolicyRow>(`SELECT ${COLUMNS} FROM inbound_policies WHERE customer_id = $1 AND domain_id = $2`, [
    cid,
    did,
  ]);
}

/** One row per domain: saved whole (PUT), created on the first save. */
export function savePolicy(db: Db, cid: number, did: number, input: InboundPolicyInput): Promise<PolicyRow> {
  return db.one<PolicyRow>(
    `INSERT INTO inbound_policies (domain_id, customer_id, unmatched, max_size, require_spf, require_dkim,
                                   require_dmarc, auth_failure)
     VALUES ($2, $1, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (domain_id) DO UPDATE SET unmatched = $3, max_size = $4, require_spf = $5, require_dkim = $6,
            require_dmarc = $7, auth_failure = $8, updated_at = now()
      WHERE inbound_policies.customer_id = $1
     RETURNING ${COLUMNS}`,
    [
      cid,
      did,
      input.unmatched,
      input.max_size,
      input.require_spf,
      input.require_dkim,
      input.require_dmarc,
      input.auth_failure,
    ],
  );
}
