import type { Deps } from '../../deps.ts';
import { type PeriodicJob, startPeriodic } from '../../jobs/periodic.ts';
import { runMigrationsOnce } from './migration.runner.ts';

/** The migration runner with the worker role: every few seconds, or at once while there is work. */
export function startMigrationJob(deps: Deps, intervalMs = 5000): PeriodicJob {
  return startPeriodic('migration', intervalMs, deps.log, () => runMigrationsOnce(deps));
}
