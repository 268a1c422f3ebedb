import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import { queueSystemMail } from '../mail/system-mail.ts';
import { recordLevel } from './reputation-store.ts';

/**
 * Operator notices for reputation transitions: each signal of an IP has a level (ip_reputation_states); a change to
 * a worse level notifies every active superadmin once (a bell notification and an e-mail), and a return to a better
 * level notifies no one but re-arms the notice, so a second listing after a delisting is a new notice.
 */

export type Signal = `bl:${string}` | 'senderscore' | 'snds' | 'dnswl' | 'ami_white';

// Higher is worse. Allow-lists (dnswl, ami_white) have no bad level of their own: only a drop counts, so a first
// observation never notifies for them.
const SEVERITY: Record<string, Record<string, number>> = {
  bl: { clear: 0, listed: 2 },
  senderscore: { high: 0, medium: 1, low: 2 },
  snds: { GREEN: 0, YELLOW: 1, RED: 2 },
  trust: { high: 0, medium: 1, low: 2, none: 3, unlisted: 4 },
};

const familyOf = (signal: Signal) =>
  signal.startsWith('bl:') ? 'bl' : signal === 'dnswl' || signal === 'ami_white' ? 'trust' : signal;

/** Whether going from `previous` (null: never seen) to `level` is a worsening that operators must hear of. */
export function isWorsening(signal: Signal, previous: string | null, level: string): boolean {
  const family = familyOf(signal);
  const scale = SEVERITY[family] ?? {};
  const now = scale[level] ?? 0;
  if (previous === null) return family !== 'trust' && now > 0;
  return now > (scale[previous] ?? 0);
}

/** Records a signal's level and notifies operators if this call made it worse; answers whether it notified. */
export async function noteLevel(
  db: Db,
  log: Logger,
  ip: string,
  signal: Signal,
  level: string,
  describe: () => string,
): Promise<boolean> {
  const changed = await recordLevel(db, ip, signal, level);
  if (!changed || !isWorsening(signal, changed.previous, level)) return false;
  await notifyOperators(db, log, `reputation-${familyOf(signal)}`, describe());
  return true;
}

async function notifyOperators(db: Db, log: Logger, kind: string, text: string) {
  const operators = await db.query<{ id: number; customer_id: number; email: string | null }>(
    "SELECT id, customer_id, email FROM users WHERE role = 'superadmin' AND state = 'active' ORDER BY id",
  );
  for (const op of operators) {
    await db.query('INSERT INTO notifications (customer_id, user_id, kind, message) VALUES ($1, $2, $3, $4)', [
      op.customer_id,
      op.id,
      kind,
      text,
    ]);
    if (op.email) {
      await queueSystemMail(db, log, {
        to: op.email,
        subject: `Reputation: ${text}`,
        text: `${text}\n`,
        kind: 'notice',
      });
    }
  }
  log.warn({ kind, operators: operators.length }, text);
}
