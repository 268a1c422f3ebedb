import { randomUUID } from 'node:crypto';
import type { MigrationMethod } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { openColumn } from '../../secrets/secret-columns.ts';
import type { ImportContext, ProviderCredentials } from './importers/importer.types.ts';
import { importerFor, providerBaseUrl } from './importers/providers.ts';
import * as repo from './migration.repo.ts';
import { type Target, writePage } from './migration-writer.ts';
import { ProviderAuthError, ProviderError, ProviderRetryLater } from './provider-http.ts';

export interface RunnerOptions {
  /** How long a claim holds without a page committed; a runner that died is replaced after this. */
  leaseSeconds?: number;
  /** Stops between pages without giving the lease back, as a killed process would (tests). */
  signal?: AbortSignal;
  http?: ImportContext['http'];
}

const MAX_ATTEMPTS = 8;

class LeaseLost extends Error {}

/**
 * One pass of the migration runner (worker role, a periodic job): takes one running migration nobody else holds and
 * works through its steps page by page. Each page's rows commit in one transaction with the step's cursor and counts
 * and a renewed lease, so a restart continues at the page after the last one committed and a page is never written
 * twice. Answers true when it worked on a migration (there may be more).
 */
export async function runMigrationsOnce(deps: Deps, options: RunnerOptions = {}): Promise<boolean> {
  const lease = options.leaseSeconds ?? 120;
  await repo.expireDrafts(deps.db);
  const runner = randomUUID();
  const migration = await repo.claimMigration(deps.db, runner, lease);
  if (!migration) return false;
  try {
    await runMigration(deps, migration, runner, lease, options);
  } catch (error) {
    if (error instanceof LeaseLost) return true;
    if (error instanceof ProviderRetryLater) {
      await repo.parkMigration(deps.db, migration.id, runner, error.waitMs);
      return true;
    }
    if (error instanceof ProviderAuthError) {
      await repo.finishMigration(
        deps.db,
        migration.id,
        runner,
        'failed',
        `The provider refused the key: ${error.message}`,
      );
      return true;
    }
    deps.log.error({ err: error, migration: migration.id }, 'migration run failed');
    if (migration.attempts >= MAX_ATTEMPTS) {
      await repo.finishMigration(
        deps.db,
        migration.id,
        runner,
        'failed',
        'The migration failed repeatedly; see the steps',
      );
    } else {
      // Back off: 2, 4, 8 … minutes before another runner tries again.
      await repo.parkMigration(deps.db, migration.id, runner, 60_000 * 2 ** Math.min(migration.attempts, 5));
    }
  }
  return true;
}

async function runMigration(
  deps: Deps,
  migration: repo.MigrationRow,
  runner: string,
  lease: number,
  options: RunnerOptions,
) {
  if (
    !migration.credentials ||
    !migration.from_domain ||
    !migration.target_domain_id ||
    !migration.target_customer_id
  ) {
    await repo.finishMigration(deps.db, migration.id, runner, 'failed', 'The migration lost its credentials');
    return;
  }
  const credentials = JSON.parse(
    openColumn('migrations.credentials', migration.id, migration.credentials),
  ) as ProviderCredentials;
  const ctx: ImportContext = {
    instance: migration.instance,
    credentials,
    fromDomain: migration.from_domain,
    baseUrl: providerBaseUrl(deps.config, migration.integration, migration.instance),
    ...(options.http ? { http: options.http } : {}),
  };
  const author = await deps.db.maybeOne<{ username: string }>('SELECT username FROM users WHERE id = $1', [
    migration.created_by,
  ]);
  const target: Target = {
    cid: migration.target_customer_id,
    did: migration.target_domain_id,
    author: { uid: migration.created_by, by: `${author?.username ?? 'migration'} (from ${migration.integration})` },
  };
  const importer = importerFor(migration.integration);
  for (const step of await repo.listSteps(deps.db, migration.id)) {
    if (step.state !== 'pending' && step.state !== 'running') continue;
    let cursor = step.cursor;
    for (;;) {
      if (options.signal?.aborted) throw new LeaseLost();
      let page: Awaited<ReturnType<typeof importer.readPage>>;
      try {
        page = await importer.readPage(step.method, ctx, cursor);
      } catch (error) {
        if (!(error instanceof ProviderError) || error.status === 429) throw error;
        // The provider kept failing this step (after its retries): record it, go on with the next step.
        await saveFailure(deps, migration.id, runner, lease, step.method, error.message);
        break;
      }
      await deps.db.transaction(async (tx) => {
        if (!(await repo.holdLease(tx, migration.id, runner, lease))) throw new LeaseLost();
        const outcome = await writePage(deps, tx, target, page);
        await repo.saveStep(tx, migration.id, step.method, {
          state: page.next ? 'running' : 'done',
          cursor: page.next,
          added: outcome.processed,
          total: page.total,
          warnings: outcome.warnings,
        });
        await repo.addReport(tx, migration.id, {
          ...(page.providerDns ? { providerDns: page.providerDns } : {}),
          notMigrated: outcome.skipped.map((s) => ({ method: step.method, ...s })),
        });
      });
      if (!page.next) break;
      cursor = page.next;
    }
  }
  await repo.finishMigration(deps.db, migration.id, runner, 'done', null);
}

async function saveFailure(
  deps: Deps,
  id: number,
  runner: string,
  lease: number,
  method: MigrationMethod,
  message: string,
) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.holdLease(tx, id, runner, lease))) throw new LeaseLost();
    await repo.saveStep(tx, id, method, { state: 'failed', cursor: null, added: 0, errors: [message] });
  });
}
