/**
 * When to try again after a temporary failure (RFC 5321 4.5.4.1: retry, at intervals, until a give-up time).
 * `attempts` counts the attempts made so far (1 after the first); the schedule's last delay repeats. A jitter of
 * ±20% keeps retries of one outage from arriving at the remote host all at the same second. The answer never lies
 * past the expiry: the last retry happens at the expiry itself, and a failure then is final.
 */
export function nextAttemptAt(options: {
  attempts: number;
  scheduleSeconds: readonly number[];
  now: Date;
  expiresAt: Date;
  random?: () => number;
}): Date {
  const { scheduleSeconds, now, expiresAt } = options;
  const index = Math.min(Math.max(options.attempts, 1), scheduleSeconds.length) - 1;
  const base = (scheduleSeconds[index] ?? 60) * 1000;
  const jitter = 1 + ((options.random ?? Math.random)() * 0.4 - 0.2);
  const at = now.getTime() + Math.round(base * jitter);
  return new Date(Math.min(at, expiresAt.getTime()));
}

/** True when a temporary failure at `now` is the last word: the message has reached its expiry. */
export const isExpired = (now: Date, expiresAt: Date) => now.getTime() >= expiresAt.getTime();
