import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { type RunnerOptions, runMigrationsOnce } from './migration.runner.ts';

/** Test harness: what a migration wrote into one domain, counted by kind. */
export async function countImported(db: Db, did: number) {
  const one = (sql: string) => db.one<{ n: number }>(sql, [did]).then((r) => r.n);
  return {
    bounce: await one("SELECT count(*)::int AS n FROM suppressions WHERE domain_id = $1 AND type = 'bounce'"),
    unsubscribe: await one("SELECT count(*)::int AS n FROM suppressions WHERE domain_id = $1 AND type = 'unsubscribe'"),
    complaint: await one("SELECT count(*)::int AS n FROM suppressions WHERE domain_id = $1 AND type = 'complaint'"),
    block: await one("SELECT count(*)::int AS n FROM suppressions WHERE domain_id = $1 AND type = 'block'"),
    allow: await one('SELECT count(*)::int AS n FROM recipient_allowlist WHERE domain_id = $1'),
    templates: await one('SELECT count(*)::int AS n FROM templates WHERE domain_id = $1'),
    versions: await one(
      'SELECT count(*)::int AS n FROM template_versions v JOIN templates t ON t.id = v.template_id WHERE t.domain_id = $1',
    ),
    webhooks: await one('SELECT count(*)::int AS n FROM webhooks WHERE domain_id = $1'),
    routes: await one('SELECT count(*)::int AS n FROM inbound_routes WHERE domain_id = $1'),
  };
}

/** Runs runner passes until none finds work (what the periodic job does), at most `max` passes. */
export async function runUntilIdle(deps: Deps, options: RunnerOptions = {}, max = 50): Promise<void> {
  for (let i = 0; i < max; i++) if (!(await runMigrationsOnce(deps, options))) return;
}

/** Test knobs: retries after a few milliseconds instead of the production backoff. */
export const FAST_HTTP = { backoffMs: 5, maxInlineWaitMs: 3000 } as const;
