import type {
  Migration,
  MigrationDnsRecord,
  MigrationInstance,
  MigrationMethod,
  MigrationProvider,
  MigrationState,
  MigrationStep,
} from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { Skipped, StepCursor } from './importers/importer.types.ts';

export interface MigrationRow {
  id: number;
  customer_id: number;
  created_by: number | null;
  integration: MigrationProvider;
  instance: MigrationInstance;
  credentials: string | null;
  from_domain: string | null;
  target_domain: string | null;
  target_customer_id: number | null;
  target_domain_id: number | null;
  subaccount: number | null;
  methods: MigrationMethod[];
  status: MigrationState;
  error: string | null;
  provider_dns: MigrationDnsRecord[];
  not_migrated: (Skipped & { method: MigrationMethod })[];
  runner: string | null;
  attempts: number;
  created_at: Date;
  finished_at: Date | null;
}

export interface StepRow {
  method: MigrationMethod;
  state: MigrationStep['state'];
  cursor: StepCursor | null;
  done: number;
  total: number | null;
  warnings: string[];
  errors: string[];
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const toMigration = (row: MigrationRow): Migration => ({
  id: row.id,
  integration: row.integration,
  instance: row.instance,
  from_domain: row.from_domain,
  target_domain: row.target_domain,
  target_domain_id: row.target_domain_id,
  subaccount: row.subaccount,
  methods: row.methods,
  status: row.status,
  error: row.error,
  created_at: new Date(row.created_at).toISOString(),
  finished_at: iso(row.finished_at),
});

export const toStep = (row: StepRow): MigrationStep => ({
  method: row.method,
  state: row.state,
  done: row.done,
  total: row.total,
  warnings: row.warnings,
  errors: row.errors,
});

export function insertDraft(
  db: Db,
  cid: number,
  uid: number,
  input: { integration: MigrationProvider; instance: MigrationInstance },
) {
  return db.one<MigrationRow>(
    'INSERT INTO migrations (customer_id, created_by, integration, instance) VALUES ($1, $2, $3, $4) RETURNING *',
    [cid, uid, input.integration, input.instance],
  );
}

export async function setCredentials(db: Db, id: number, sealed: string | null): Promise<void> {
  await db.query('UPDATE migrations SET credentials = $2, updated_at = now() WHERE id = $1', [id, sealed]);
}

export async function listMigrations(db: Db, cid: number) {
  const rows = await db.query<MigrationRow>(
    `SELECT * FROM migrations WHERE customer_id = $1 AND status <> 'draft' ORDER BY created_at DESC, id DESC LIMIT 100`,
    [cid],
  );
  return rows;
}

export function findMigration(db: Db, cid: number, id: number) {
  return db.maybeOne<MigrationRow>('SELECT * FROM migrations WHERE customer_id = $1 AND id = $2', [cid, id]);
}

export function listSteps(db: Db, id: number) {
  return db.query<StepRow>('SELECT * FROM migration_steps WHERE migration_id = $1 ORDER BY position', [id]);
}

export async function startMigration(
  db: Db,
  id: number,
  input: {
    fromDomain: string;
    targetDomain: string;
    targetCustomerId: number;
    targetDomainId: number;
    subaccount: number | null;
    methods: MigrationMethod[];
  },
): Promise<boolean> {
  const started = await db.query(
    `UPDATE migrations SET status = 'running', from_domain = $2, target_domain = $3, target_customer_id = $4,
        target_domain_id = $5, subaccount = $6, methods = $7::text[], not_before = now(), updated_at = now()
      WHERE id = $1 AND status = 'draft' RETURNING id`,
    [
      id,
      input.fromDomain,
      input.targetDomain,
      input.targetCustomerId,
      input.targetDomainId,
      input.subaccount,
      input.methods,
    ],
  );
  if (!started.length) return false;
  for (const [position, method] of input.methods.entries()) {
    await db.query('INSERT INTO migration_steps (migration_id, method, position) VALUES ($1, $2, $3)', [
      id,
      method,
      position,
    ]);
  }
  return true;
}

/** Cancels a draft or running migration and drops its credentials; answers false when it had already ended. */
export async function cancelMigration(db: Db, cid: number, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE migrations SET status = 'cancelled', credentials = NULL, runner = NULL, finished_at = now(), updated_at = now()
      WHERE customer_id = $1 AND id = $2 AND status IN ('draft', 'running') RETURNING id`,
    [cid, id],
  );
  if (rows.length) {
    await db.query(
      `UPDATE migration_steps SET state = 'skipped', updated_at = now() WHERE migration_id = $1 AND state IN ('pending', 'running')`,
      [id],
    );
  }
  return rows.length > 0;
}

/**
 * Takes one running migration whose lease is free for this runner: FOR UPDATE SKIP LOCKED picks a row no other
 * runner is claiming, and the lease (not_before) keeps it this runner's until it lapses (the runner died).
 */
export function claimMigration(db: Db, runner: string, leaseSeconds: number) {
  return db.maybeOne<MigrationRow>(
    `UPDATE migrations SET runner = $1, not_before = now() + make_interval(secs => $2), attempts = attempts + 1
      WHERE id = (SELECT id FROM migrations WHERE status = 'running' AND not_before <= now()
                   ORDER BY not_before, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [runner, leaseSeconds],
  );
}

/** Renews the lease inside a page's transaction; false: cancelled or taken over, so the page must not commit. */
export async function holdLease(db: Db, id: number, runner: string, leaseSeconds: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE migrations SET not_before = now() + make_interval(secs => $3), updated_at = now()
      WHERE id = $1 AND runner = $2 AND status = 'running' RETURNING id`,
    [id, runner, leaseSeconds],
  );
  return rows.length > 0;
}

export async function saveStep(
  db: Db,
  id: number,
  method: MigrationMethod,
  step: {
    state: StepRow['state'];
    cursor: StepCursor | null;
    added: number;
    total?: number | undefined;
    warnings?: string[];
    errors?: string[];
  },
): Promise<void> {
  await db.query(
    `UPDATE migration_steps SET state = $3, cursor = $4::jsonb, done = done + $5, total = COALESCE($6, total),
        warnings = warnings || $7::jsonb, errors = errors || $8::jsonb, updated_at = now()
      WHERE migration_id = $1 AND method = $2`,
    [
      id,
      method,
      step.state,
      step.cursor === null ? null : JSON.stringify(step.cursor),
      step.added,
      step.total ?? null,
      JSON.stringify(step.warnings ?? []),
      JSON.stringify(step.errors ?? []),
    ],
  );
}

export async function addReport(
  db: Db,
  id: number,
  report: { providerDns?: MigrationDnsRecord[]; notMigrated?: (Skipped & { method: MigrationMethod })[] },
): Promise<void> {
  await db.query(
    `UPDATE migrations SET provider_dns = COALESCE($2::jsonb, provider_dns), not_migrated = not_migrated || $3::jsonb
      WHERE id = $1`,
    [id, report.providerDns ? JSON.stringify(report.providerDns) : null, JSON.stringify(report.notMigrated ?? [])],
  );
}

/** Ends a migration (done or failed) and drops the credentials with it. */
export async function finishMigration(
  db: Db,
  id: number,
  runner: string,
  status: 'done' | 'failed',
  error: string | null,
) {
  await db.query(
    `UPDATE migrations SET status = $3, error = $4, credentials = NULL, runner = NULL, finished_at = now(), updated_at = now()
      WHERE id = $1 AND runner = $2 AND status = 'running'`,
    [id, runner, status, error],
  );
}

/** Parks a migration until the provider lets us back in (a long Retry-After), keeping its place. */
export async function parkMigration(db: Db, id: number, runner: string, waitMs: number) {
  await db.query(
    `UPDATE migrations SET runner = NULL, not_before = now() + make_interval(secs => $3) WHERE id = $1 AND runner = $2`,
    [id, runner, Math.ceil(waitMs / 1000)],
  );
}

/** A draft that was never started gives up its credentials after an hour. */
export async function expireDrafts(db: Db): Promise<void> {
  await db.query(
    `UPDATE migrations SET status = 'cancelled', credentials = NULL, finished_at = now()
      WHERE status = 'draft' AND created_at < now() - interval '1 hour'`,
  );
}
