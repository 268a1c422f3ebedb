import type {
  InboundMessageSummary,
  Route,
  RouteAction,
  RouteExpression,
  RouteInput,
  RouteMode,
} from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface RouteRow {
  id: number;
  domain_id: number;
  priority: number;
  description: string;
  expression: RouteExpression;
  actions: RouteAction[];
  mode: RouteMode;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, domain_id, priority, description, expression, actions, mode, enabled, created_at, updated_at';

export function toRoute(row: RouteRow): Route {
  return {
    id: row.id,
    did: row.domain_id,
    priority: row.priority,
    description: row.description,
    expression: row.expression,
    actions: row.actions,
    mode: row.mode,
    enabled: row.enabled,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** In the order the MX tries them: priority (lower first), then the older first. */
export function listRoutes(db: Db, cid: number, did: number): Promise<RouteRow[]> {
  return db.query<RouteRow>(
    `SELECT ${COLUMNS} FROM inbound_routes WHERE customer_id = $1 AND domain_id = $2 ORDER BY priority, id`,
    [cid, did],
  );
}

export function findRoute(db: Db, cid: number, did: number, id: number): Promise<RouteRow | undefined> {
  return db.maybeOne<RouteRow>(
    `SELECT ${COLUMNS} FROM inbound_routes WHERE customer_id = $1 AND domain_id = $2 AND id = $3`,
    [cid, did, id],
  );
}

/** Inserts unless the domain already has `limit` routes (checked in the same statement); undefined when it has. */
export function insertRoute(db: Db, cid: number, did: number, input: RouteInput, limit: number) {
  return db.maybeOne<RouteRow>(
    `INSERT INTO inbound_routes (customer_id, domain_id, priority, description, expression, actions, mode, enabled)
     SELECT $1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8
      WHERE (SELECT count(*) FROM inbound_routes WHERE domain_id = $2) < $9
     RETURNING ${COLUMNS}`,
    [
      cid,
      did,
      input.priority,
      input.description,
      JSON.stringify(input.expression),
      JSON.stringify(input.actions),
      input.mode,
      input.enabled,
      limit,
    ],
  );
}

export function updateRoute(db: Db, cid: number, did: number, id: number, input: RouteInput) {
  return db.maybeOne<RouteRow>(
    `UPDATE inbound_routes SET priority = $4, description = $5, expression = $6::jsonb, actions = $7::jsonb,
            mode = $8, enabled = $9, updated_at = now()
      WHERE customer_id = $1 AND domain_id = $2 AND id = $3
     RETURNING ${COLUMNS}`,
    [
      cid,
      did,
      id,
      input.priority,
      input.description,
      JSON.stringify(input.expression),
      JSON.stringify(input.actions),
      input.mode,
      input.enabled,
    ],
  );
}

export function setRouteEnabled(db: Db, cid: number, did: number, id: number, enabled: boolean) {
  return db.maybeOne<RouteRow>(
    `UPDATE inbound_routes SET enabled = $4, updated_at = now()
      WHERE customer_id = $1 AND domain_id = $2 AND id = $3 RETURNING ${COLUMNS}`,
    [cid, did, id, enabled],
  );
}

/** Sets the priorities of routes at once (one statement, so a reorder is never seen half done). */
export async function setPriorities(db: Db, cid: number, did: number, priorities: { id: number; priority: number }[]) {
  await db.query(
    `UPDATE inbound_routes r SET priority = p.priority, updated_at = now()
       FROM unnest($3::int[], $4::int[]) AS p(id, priority)
      WHERE r.customer_id = $1 AND r.domain_id = $2 AND r.id = p.id AND r.priority <> p.priority`,
    [cid, did, priorities.map((p) => p.id), priorities.map((p) => p.priority)],
  );
}

export async function deleteRoute(db: Db, cid: number, did: number, id: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM inbound_routes WHERE customer_id = $1 AND domain_id = $2 AND id = $3 RETURNING id',
    [cid, did, id],
  );
  return rows.length > 0;
}

export interface InboundRow {
  id: number;
  domain_id: number;
  route_id: number | null;
  recipient: string;
  sender: string;
  from_header: string;
  subject: string;
  size_bytes: number;
  outcome: InboundMessageSummary['outcome'];
  stored: boolean;
  results: InboundMessageSummary['results'];
  auth: InboundMessageSummary['auth'];
  created_at: Date;
  expires_at: Date;
}

const INBOUND_COLUMNS = `id::int AS id, domain_id, route_id, recipient, sender, from_header, subject, size_bytes,
  outcome, stored, results, auth, created_at, expires_at`;

export function toInboundSummary(row: InboundRow): InboundMessageSummary {
  return {
    id: row.id,
    did: row.domain_id,
    route_id: row.route_id,
    recipient: row.recipient,
    sender: row.sender,
    from: row.from_header,
    subject: row.subject,
    size: row.size_bytes,
    outcome: row.outcome,
    stored: row.stored,
    results: row.results,
    auth: row.auth ?? null,
    received_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

/** Messages still kept (expires_at ahead), newest first. */
export async function listInbound(
  db: Db,
  cid: number,
  did: number,
  page: { limit: number; skip: number; storedOnly: boolean },
) {
  const where = 'customer_id = $1 AND domain_id = $2 AND expires_at > now() AND ($3::boolean IS FALSE OR stored)';
  const [rows, total] = await Promise.all([
    db.query<InboundRow>(
      `SELECT ${INBOUND_COLUMNS} FROM inbound_messages WHERE ${where}
        ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [cid, did, page.storedOnly, page.limit || null, page.skip],
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM inbound_messages WHERE ${where}`, [
      cid,
      did,
      page.storedOnly,
    ]),
  ]);
  return { rows, total: total.n };
}

export function findInbound(db: Db, cid: number, did: number, id: number) {
  return db.maybeOne<InboundRow & { raw: Uint8Array }>(
    `SELECT ${INBOUND_COLUMNS}, raw FROM inbound_messages
      WHERE customer_id = $1 AND domain_id = $2 AND id = $3 AND expires_at > now()`,
    [cid, did, id],
  );
}
