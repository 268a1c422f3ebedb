import ipaddr from 'ipaddr.js';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AttemptChannel, AttemptSubject } from './attempts.repo.ts';
import * as attempts from './attempts.repo.ts';
import { type AutobanRow, findActiveBan, upsertBan } from './bans.repo.ts';

/**
 * Auto-ban thresholds (docs/security.md, "Sign-in limits and auto-bans"): a name or address whose failures within
 * BAN_LOOKBACK_WINDOWS limit windows (1 hour with the default 15-minute window) reach BAN_MULTIPLE times its limit is
 * banned for BAN_MINUTES. Only checked when an attempt is refused for the limit, i.e. when the guessing went on past it.
 */
export const BAN_MULTIPLE = 3;
export const BAN_LOOKBACK_WINDOWS = 4;
export const BAN_MINUTES = 60;

export interface AttemptLimits {
  maxPerName: number;
  maxPerIp: number;
  windowMinutes: number;
}

/** SMTP AUTH shares the sign-in settings: the same numbers, counted separately per channel. */
export const attemptLimitsFrom = (config: Config): AttemptLimits => ({
  maxPerName: config.loginMaxFailuresPerUser,
  maxPerIp: config.loginMaxFailuresPerIp,
  windowMinutes: config.loginFailureWindowMinutes,
});

/** One spelling per address: IPv4-mapped IPv6 (::ffff:192.0.2.1, from a dual-stack socket) is the IPv4 address. */
export function normalizeIp(ip: string): string {
  try {
    return ipaddr.process(ip).toString();
  } catch {
    return ip.trim().toLowerCase();
  }
}

export const normalizeName = (name: string) => name.trim().toLowerCase();

export type RefusalKind = 'banned' | 'limited';
export interface Refusal {
  kind: RefusalKind;
  message: string;
}

const WHAT: Record<AttemptChannel, string> = { api: 'Sign-in', smtp: 'SMTP authentication' };
const until = (date: Date) => `${new Date(date).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function bannedMessage(ban: AutobanRow, channel: AttemptChannel): string {
  const who = ban.type === 'ip' ? `from ${ban.value}` : `as ${ban.value}`;
  return `${WHAT[channel]} ${who} is banned until ${until(ban.expires_at)} after repeated failed attempts.`;
}

/** The active ban on the client address, or (unless `names` is empty) on one of the names. */
export function findBan(db: Db, ip: string, names: readonly string[] = []): Promise<AutobanRow | undefined> {
  return findActiveBan(db, [
    { type: 'ip', value: normalizeIp(ip) },
    ...names.filter(Boolean).map((value) => ({ type: 'user' as const, value: normalizeName(value) })),
  ]);
}

/** A counted attempt: settle it once the password (and second factor) have been checked. */
export interface Attempt {
  succeeded(): Promise<void>;
  failed(reason: string): Promise<void>;
  /** Not a guess after all (right password, a second factor is asked for next): it stops counting. */
  forget(): Promise<void>;
}

async function banIfRepeated(db: Db, subject: AttemptSubject, over: 'name' | 'ip', limits: AttemptLimits) {
  const lookback = limits.windowMinutes * BAN_LOOKBACK_WINDOWS;
  const limit = over === 'ip' ? limits.maxPerIp : limits.maxPerName;
  const { n } = await attempts.countFailures(db, subject, over, lookback);
  if (n < limit * BAN_MULTIPLE) return;
  const what = subject.channel === 'api' ? 'failed sign-ins' : 'failed SMTP logins';
  await upsertBan(db, {
    type: over === 'ip' ? 'ip' : 'user',
    value: over === 'ip' ? subject.ip : subject.name,
    reason: `${n} ${what} ${over === 'ip' ? 'from this address' : 'for this name'} in ${lookback} minutes`,
    minutes: BAN_MINUTES,
  });
}

/** How long an attempt waits for the checks before it to finish, and how often it looks. */
const QUEUE_WAIT_MS = 10_000;
const QUEUE_POLL_MS = 25;

/**
 * Which limit the attempt is over, if any. Failures decide; checks still running count too, so parallel guesses get no
 * more checks than the limit, but an attempt that is over only because of earlier checks still running waits for them
 * (in the order the attempts were recorded) instead of being refused: a client opening many connections at once with
 * the right password is served, while a parallel guesser is refused as soon as its earlier guesses have failed.
 */
async function waitForEarlierChecks(db: Db, subject: AttemptSubject, limits: AttemptLimits, id: number) {
  const deadline = Date.now() + QUEUE_WAIT_MS;
  for (;;) {
    const c = await attempts.countChecks(db, subject, limits.windowMinutes, id);
    const over = c.by_ip > limits.maxPerIp ? 'ip' : c.by_name > limits.maxPerName ? 'name' : null;
    if (!over) return null;
    // Over on failures alone (this attempt's own running check aside): no amount of waiting changes that.
    const failedOnly =
      over === 'ip'
        ? c.by_ip - c.running_by_ip + 1 > limits.maxPerIp
        : c.by_name - c.running_by_name + 1 > limits.maxPerName;
    if (failedOnly || Date.now() > deadline) return over;
    await new Promise((resolve) => setTimeout(resolve, QUEUE_POLL_MS));
  }
}

/**
 * Before a password is checked: refuses a banned address or name, then counts the attempt FIRST and refuses it
 * when the count is over a limit, so parallel guesses cannot get more checks than the limit allows. `trusted` (the
 * request carries the account's valid persist code) skips the name's limit and ban and the address's limit, so an
 * attacker who knows a name cannot keep its owner out of a remembered device; a banned address stays banned.
 */
export async function guardAttempt(
  db: Db,
  limits: AttemptLimits,
  input: Omit<AttemptSubject, 'ip' | 'name'> & { ip: string; name: string; otherNames?: string[] },
  options: { trusted?: boolean } = {},
): Promise<{ refusal: Refusal } | { attempt: Attempt }> {
  const subject: AttemptSubject = { ...input, name: normalizeName(input.name), ip: normalizeIp(input.ip) };
  const names = options.trusted ? [] : [subject.name, ...(input.otherNames ?? [])];
  const ban = await findBan(db, subject.ip, names);
  if (ban) return { refusal: { kind: 'banned', message: bannedMessage(ban, subject.channel) } };

  const id = await attempts.insertAttempt(db, subject);
  const over = await waitForEarlierChecks(db, subject, limits, id);
  if (over && !options.trusted) {
    await attempts.settleAttempt(db, id, { success: false, reason: attempts.LIMITED });
    await banIfRepeated(db, subject, over, limits);
    const what = subject.channel === 'api' ? 'sign-in' : 'authentication';
    return {
      refusal: {
        kind: 'limited',
        message: `Too many failed ${what} attempts. Try again in ${limits.windowMinutes} minutes.`,
      },
    };
  }
  return {
    attempt: {
      succeeded: () => attempts.settleAttempt(db, id, { success: true, reason: null }),
      failed: (reason) => attempts.settleAttempt(db, id, { success: false, reason }),
      forget: () => attempts.forgetAttempt(db, id),
    },
  };
}
