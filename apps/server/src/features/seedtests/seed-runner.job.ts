import { SEED_TOKEN_HEADER } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { type PeriodicJob, startPeriodic } from '../../jobs/periodic.ts';
import { findSeedMessage, ImapProblem, openMailbox } from './imap-reader.ts';
import { accountOf, findSeedMailbox } from './seed-mailboxes.repo.ts';

interface OpenPlacement {
  id: number;
  seed_test_id: number;
  mailbox_id: number | null;
  token: string;
  elapsed: number;
  expired: boolean;
}

/** Pending placements of running tests, with the test's token and whether its time is up. */
function openPlacements(deps: Deps): Promise<OpenPlacement[]> {
  return deps.db.query<OpenPlacement>(
    `SELECT p.id, p.seed_test_id, p.mailbox_id, t.token,
            floor(extract(epoch FROM now() - t.created_at))::int AS elapsed, now() >= t.deadline_at AS expired
       FROM seed_tests t JOIN seed_placements p ON p.seed_test_id = t.id
      WHERE t.finished_at IS NULL AND p.placement = 'pending'
      ORDER BY t.id, p.id LIMIT 200`,
  );
}

/** Settles a pending placement; the column names come from this file, never from input. */
async function record(deps: Deps, id: number, fields: Record<string, unknown>) {
  const names = Object.keys(fields);
  const sets = names.map((name, i) => `${name} = $${i + 2}`).join(', ');
  await deps.db.query(
    `UPDATE seed_placements SET ${sets}, checked_at = now() WHERE id = $1 AND placement = 'pending'`,
    [id, ...names.map((n) => fields[n])],
  );
}

/** Looks once in one seed mailbox; settles the placement when the message is there or the time is up. */
export async function checkPlacement(deps: Deps, p: OpenPlacement): Promise<void> {
  const mailbox = p.mailbox_id === null ? undefined : await findSeedMailbox(deps.db, p.mailbox_id);
  if (!mailbox) {
    await record(deps, p.id, { placement: 'error', error: 'The seed mailbox was removed from the seed list' });
    return;
  }
  let found: Awaited<ReturnType<typeof findSeedMessage>> = null;
  try {
    const client = await openMailbox(accountOf(mailbox), deps.config.seedAllowPrivate);
    try {
      found = await findSeedMessage(client, SEED_TOKEN_HEADER, p.token);
    } finally {
      await client.logout().catch(() => client.close());
    }
  } catch (error) {
    // A mailbox that cannot be read now may be readable at the next look; at the deadline it is an error, not "missing".
    deps.log.warn({ err: error, seedMailbox: mailbox.id }, 'seed mailbox check failed');
    if (p.expired) {
      const message = error instanceof ImapProblem ? error.message : (error as Error).message;
      await record(deps, p.id, { placement: 'error', error: message.slice(0, 500) });
    }
    return;
  }
  if (found) {
    await record(deps, p.id, {
      placement: found.placement,
      folder: found.folder,
      found_after_seconds: p.elapsed,
      headers: found.headers,
      authentication_results: found.authenticationResults,
    });
  } else if (p.expired) {
    await record(deps, p.id, { placement: 'missing' });
  }
}

/** Marks tests finished once none of their placements is pending. */
async function finishSettled(deps: Deps): Promise<void> {
  await deps.db.query(
    `UPDATE seed_tests t SET finished_at = now() WHERE t.finished_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM seed_placements p WHERE p.seed_test_id = t.id AND p.placement = 'pending')`,
  );
}

/** One pass over every running test: each pending seed mailbox is read once. */
export async function runSeedChecks(deps: Deps): Promise<number> {
  const open = await openPlacements(deps);
  for (const placement of open) await checkPlacement(deps, placement);
  await finishSettled(deps);
  return open.length;
}

/**
 * The seed-test runner (worker role): every SEED_POLL_SECONDS it reads the seed mailboxes of running tests over IMAP
 * (INBOX, then the \Junk folder) until each message shows up or the test's time limit (SEED_TEST_TIMEOUT_SECONDS)
 * passes. Polling, not IDLE: a test looks at many mailboxes briefly, and a deadline needs a look anyway.
 */
export function startSeedTestRunner(deps: Deps): PeriodicJob {
  return startPeriodic('seed-tests', deps.config.seedPollSeconds * 1000, deps.log, async () => {
    await runSeedChecks(deps);
    return false;
  });
}
