import type { SuppressionType } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { firstMatchingPattern } from './domain-pattern-match.ts';

/** Why intake drops a recipient: a live suppression (the domain's, customer-wide or global) or a domain pattern. */
export type SuppressionHit =
  | { type: SuppressionType; scope: 'domain' | 'customer' | 'global' }
  | { type: 'block'; scope: 'pattern'; pattern: string };

/** The `reply` of the `rejected` event intake writes for a dropped recipient. */
export function describeSuppression(hit: SuppressionHit): string {
  switch (hit.scope) {
    case 'pattern':
      return `Recipient matches the domain pattern ${hit.pattern}`;
    case 'global':
      return `Recipient is on the global ${hit.type} suppression list`;
    default:
      return `Recipient is on the ${hit.type} suppression list`;
  }
}

interface Row {
  customer_id: number | null;
  domain_id: number | null;
  recipient: string;
  type: SuppressionType;
}

export interface SuppressionCheckInput {
  customerId: number;
  domainId: number;
  recipients: readonly { address: string }[];
}

/**
 * The intake check for a batch of messages, in two queries: live suppressions of the batch's customers (and global
 * ones) for its recipients, and the active domain patterns of its domains. It runs inside the transaction that stores
 * the batch, so when it fails nothing is stored: the check fails closed.
 */
export async function checkSuppressions(db: Db, batch: readonly SuppressionCheckInput[]) {
  const customers = [...new Set(batch.map((m) => m.customerId))];
  const domains = [...new Set(batch.map((m) => m.domainId))];
  const addresses = [...new Set(batch.flatMap((m) => m.recipients.map((r) => r.address.toLowerCase())))];
  const [rows, patterns] = await Promise.all([
    db.query<Row>(
      `SELECT customer_id, domain_id, recipient, type FROM suppressions
        WHERE (customer_id = ANY($1::int[]) OR customer_id IS NULL) AND recipient = ANY($2::text[])
          AND (expires_at IS NULL OR expires_at > now())`,
      [customers, addresses],
    ),
    db.query<{ domain_id: number; pattern: string }>(
      'SELECT domain_id, pattern FROM domain_patterns WHERE domain_id = ANY($1::int[]) AND active ORDER BY id',
      [domains],
    ),
  ]);
  const byRecipient = new Map<string, Row[]>();
  for (const row of rows) byRecipient.set(row.recipient, [...(byRecipient.get(row.recipient) ?? []), row]);
  const byDomain = new Map<number, { pattern: string }[]>();
  for (const p of patterns) byDomain.set(p.domain_id, [...(byDomain.get(p.domain_id) ?? []), p]);

  return {
    /** Why this recipient of this message must not be mailed, or undefined. */
    find(m: { customerId: number; domainId: number }, address: string): SuppressionHit | undefined {
      const lower = address.toLowerCase();
      for (const s of byRecipient.get(lower) ?? []) {
        if (s.customer_id === null) return { type: s.type, scope: 'global' };
        if (s.customer_id !== m.customerId) continue;
        if (s.domain_id === null) return { type: s.type, scope: 'customer' };
        if (s.domain_id === m.domainId) return { type: s.type, scope: 'domain' };
      }
      const pattern = firstMatchingPattern(byDomain.get(m.domainId) ?? [], lower);
      return pattern ? { type: 'block', scope: 'pattern', pattern: pattern.pattern } : undefined;
    },
  };
}
