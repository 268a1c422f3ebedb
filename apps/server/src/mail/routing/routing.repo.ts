import type { InboundAuth, RouteAction, RouteExpression, RouteMode } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { DEFAULT_POLICY, type InboundPolicyRule } from './inbound-auth.ts';
import type { RouteRule } from './route-match.ts';

/** A verified domain that receives mail, with its enabled routes in the order they are tried. */
export interface RoutedDomain {
  customerId: number;
  domainId: number;
  name: string;
  bounceHost: string;
  routes: RouteRule[];
  /** Changes whenever a route does: the compiled-route cache key. */
  version: string;
  /** Mail no route takes, size limit, required SPF/DKIM/DMARC (the defaults without a saved policy). */
  policy: InboundPolicyRule;
}

interface PolicyColumns {
  unmatched: InboundPolicyRule['unmatched'] | null;
  max_size: number | null;
  require_spf: boolean | null;
  require_dkim: boolean | null;
  require_dmarc: boolean | null;
  auth_failure: InboundPolicyRule['authFailure'] | null;
}

const policyOf = (row: PolicyColumns): InboundPolicyRule =>
  row.unmatched === null
    ? DEFAULT_POLICY
    : {
        unmatched: row.unmatched,
        maxSize: row.max_size,
        requireSpf: row.require_spf === true,
        requireDkim: row.require_dkim === true,
        requireDmarc: row.require_dmarc === true,
        authFailure: row.auth_failure ?? 'reject',
      };

interface RouteRow extends PolicyColumns {
  customer_id: number;
  domain_id: number;
  name: string;
  bounce_host: string;
  id: number | null;
  priority: number | null;
  expression: RouteExpression | null;
  actions: RouteAction[] | null;
  mode: RouteMode | null;
  updated_at: Date | null;
}

/**
 * The domain an inbound recipient's host names, when it receives mail: verified for sending, and its receiving MX
 * (the domain's own MX at `inboundMxHost`) verified too (a sandbox domain receives nothing). With its enabled routes
 * and inbound policy; null when there is no such domain.
 */
export async function findRoutedDomain(db: Db, host: string, inboundMxHost: string): Promise<RoutedDomain | null> {
  const rows = await db.query<RouteRow>(
    `SELECT d.customer_id, d.id AS domain_id, d.name, d.bounce_host,
            r.id, r.priority, r.expression, r.actions, r.mode, r.updated_at,
            p.unmatched, p.max_size, p.require_spf, p.require_dkim, p.require_dmarc, p.auth_failure
       FROM domains d
       LEFT JOIN inbound_routes r ON r.domain_id = d.id AND r.enabled
       LEFT JOIN inbound_policies p ON p.domain_id = d.id
      WHERE d.name = $1 AND d.state = 'verified' AND NOT d.sandbox
        AND d.records->'receiving'->>'state' = 'valid' AND d.records->'receiving'->>'value' = $2
      ORDER BY r.priority, r.id`,
    [host.toLowerCase().replace(/\.$/, ''), inboundMxHost.toLowerCase()],
  );
  const first = rows[0];
  if (!first) return null;
  const routes: RouteRule[] = [];
  let version = '';
  for (const row of rows) {
    if (row.id === null || !row.expression || !row.mode) continue;
    routes.push({
      id: row.id,
      priority: row.priority ?? 0,
      expression: row.expression,
      actions: row.actions ?? [],
      mode: row.mode,
    });
    version += `${row.id}.${new Date(row.updated_at ?? 0).getTime()};`;
  }
  return {
    customerId: first.customer_id,
    domainId: first.domain_id,
    name: first.name,
    bounceHost: first.bounce_host,
    routes,
    version,
    policy: policyOf(first),
  };
}

export interface InboundRecord {
  customerId: number;
  domainId: number;
  routeId: number | null;
  recipient: string;
  sender: string;
  fromHeader: string;
  subject: string;
  outcome: 'accepted' | 'held' | 'bounced';
  stored: boolean;
  results: { action: string; result: string }[];
  raw: Buffer;
  keepDays: number;
  /** forward("https://…") and store(notify=…) URLs: one signed POST each, sent by the worker role. */
  postUrls: string[];
  /** SPF, DKIM and DMARC of the message; null when not checked (a bounce to an SRS address). */
  auth?: InboundAuth | null;
}

/** Records one routed message and queues its URL posts, in one statement (one transaction). Answers its id. */
export async function recordInboundMessage(db: Db, record: InboundRecord): Promise<number> {
  const row = await db.one<{ id: number }>(
    `WITH added AS (
       INSERT INTO inbound_messages (customer_id, domain_id, route_id, recipient, sender, from_header, subject,
                                     size_bytes, outcome, stored, results, raw, expires_at, auth)
       -- The route may have been deleted since RCPT (or since it was cached): then the message names none.
       VALUES ($1, $2, (SELECT id FROM inbound_routes WHERE id = $3), $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12,
               now() + make_interval(days => $13), $15::jsonb)
       RETURNING id),
     posts AS (
       INSERT INTO inbound_posts (customer_id, inbound_message_id, url)
       SELECT $1, added.id, url FROM added, unnest($14::text[]) AS url)
     SELECT id::int AS id FROM added`,
    [
      record.customerId,
      record.domainId,
      record.routeId,
      record.recipient,
      record.sender,
      record.fromHeader,
      record.subject,
      record.raw.length,
      record.outcome,
      record.stored,
      JSON.stringify(record.results),
      record.raw,
      record.keepDays,
      record.postUrls,
      record.auth ? JSON.stringify(record.auth) : null,
    ],
  );
  return row.id;
}

/** The verified domain whose return-path host this is (where our SRS addresses live), without routes. */
export async function findBounceHostDomain(db: Db, host: string): Promise<RoutedDomain | null> {
  const row = await db.maybeOne<{ customer_id: number; domain_id: number; name: string; bounce_host: string }>(
    `SELECT customer_id, id AS domain_id, name, bounce_host FROM domains
      WHERE bounce_host = $1 AND state = 'verified' AND NOT sandbox`,
    [host.toLowerCase().replace(/\.$/, '')],
  );
  if (!row) return null;
  return {
    customerId: row.customer_id,
    domainId: row.domain_id,
    name: row.name,
    bounceHost: row.bounce_host,
    routes: [],
    version: '',
    policy: DEFAULT_POLICY,
  };
}
