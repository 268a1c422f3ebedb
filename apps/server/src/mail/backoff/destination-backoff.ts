import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { cachedPatternRules } from '../classify/pattern-rules.repo.ts';
import type { SmtpAction } from '../classify/rule-types.ts';
import { decideSmtpAction } from '../classify/smtp-action.ts';
import type { SmtpStage } from '../classify/smtp-stage.ts';
import type { DestinationLimits } from '../delivery/destination-limits.ts';
import { enterBackoff, isInBackoff, leaveBackoff } from './backoff.repo.ts';

export interface BackoffOptions {
  /** Sends in flight to a destination in backoff (per process; with `shared`, all processes together). */
  concurrency: number;
  /** Slots shared with the other worker processes (limit `concurrency`), so scaling out does not multiply it. */
  shared?: DestinationLimits;
  /** Least time between two sends to a destination in backoff. */
  sendIntervalMs: number;
  /** A retry to a destination in backoff waits at least this long. */
  retrySeconds: number;
  /** Backoff length when the SMTP pattern names none. */
  defaultMinutes: number;
  /** How long a destination's state is trusted before it is read again (other workers may change it). */
  cacheMs?: number;
  /** A row whose sends would wait longer than this for their turn is put off instead (stay far below the lease). */
  maxWaitMs?: number;
}

export const backoffOptionsFrom = (config: Config): BackoffOptions => ({
  concurrency: config.backoffConcurrency,
  sendIntervalMs: config.backoffSendIntervalMs,
  retrySeconds: config.backoffRetrySeconds,
  defaultMinutes: config.backoffMinutes,
  maxWaitMs: Math.min(60_000, (config.deliveryLeaseSeconds * 1000) / 4),
});

interface State {
  at: number;
  /** When the last backoff reply came; a success of a send started after it ends the backoff. */
  since: number | null;
}

interface Lane {
  active: number;
  waiting: (() => void)[];
  nextStart: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Destination backoff as the delivery worker sees it (PowerMTA's smtp-pattern-list "backoff" mode): an SMTP pattern
 * with action backoff puts the recipient domain in backoff (table destination_backoff, shared by every worker) until a
 * delivery there succeeds or the pattern's minutes pass. Meanwhile this process sends to it over at most
 * `concurrency` connections at a time, `sendIntervalMs` apart, and retries wait at least `retrySeconds`.
 */
export class DestinationBackoff {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly options: Required<Omit<BackoffOptions, 'shared'>>;
  private readonly shared: DestinationLimits | undefined;
  private readonly states = new Map<string, State>();
  private readonly lanes = new Map<string, Lane>();
  /** Reads under way: the rows of one claim that go to the same destination share one query. */
  private readonly reading = new Map<string, Promise<State>>();
  /** The most sends seen in flight at once to a destination in backoff (read by tests and logs). */
  readonly peakInFlight = new Map<string, number>();

  constructor(db: Db, log: Logger, options: BackoffOptions) {
    this.db = db;
    this.log = log;
    const { shared, ...rest } = options;
    this.options = { cacheMs: 2000, maxWaitMs: 60_000, ...rest };
    this.shared = shared;
  }

  /** Whether the destination is in backoff, from a short cache. A failed read counts as "no": this is a throttle. */
  async inBackoff(destination: string): Promise<boolean> {
    return (await this.state(destination)).since !== null;
  }

  /**
   * Before a queue row is sent: null to go ahead, or the time to put the whole row off to, when the destination is in
   * backoff and its sends would wait too long for their turn here.
   */
  async admit(destination: string, count: number): Promise<Date | null> {
    if (!(await this.inBackoff(destination))) return null;
    const lane = this.lane(destination);
    const queued = lane.waiting.length + lane.active + count;
    const wait =
      Math.max(0, lane.nextStart - Date.now()) + (queued * this.options.sendIntervalMs) / this.options.concurrency;
    return wait > this.options.maxWaitMs ? new Date(Date.now() + this.options.retrySeconds * 1000) : null;
  }

  /** Around one send: waits for a free slot and the pace when the destination is in backoff; answers the release. */
  async slot(destination: string): Promise<() => void> {
    if (!(await this.inBackoff(destination))) return () => undefined;
    const lane = this.lane(destination);
    // A finished send hands its slot straight to the next waiter, so nobody slips in between.
    if (lane.active >= this.options.concurrency) await new Promise<void>((resolve) => lane.waiting.push(resolve));
    else lane.active++;
    this.peakInFlight.set(destination, Math.max(this.peakInFlight.get(destination) ?? 0, lane.active));
    // Then a slot of all processes together (destination-limits.ts): another worker may hold them all.
    const lease = await this.sharedSlot(destination);
    const startAt = Math.max(Date.now(), lane.nextStart);
    lane.nextStart = startAt + this.options.sendIntervalMs;
    if (startAt > Date.now()) await sleep(startAt - Date.now());
    let released = false;
    return () => {
      if (released) return;
      released = true;
      lease?.release();
      const next = lane.waiting.shift();
      if (next) next();
      else lane.active--;
    };
  }

  /**
   * After a remote reply: what the SMTP patterns say to do with it (retry, bounce or backoff; decideSmtpAction keeps
   * backoff to destination-level replies, by the command that was refused). A backoff reply puts the destination in
   * backoff (or keeps it there); a success of a send that started after the last backoff reply ends it.
   */
  async judge(
    destination: string,
    reply: { code: number; text: string },
    mxHost: string,
    sentAt: Date,
    stage?: SmtpStage,
  ) {
    const rules = await cachedPatternRules(this.db).catch(() => undefined);
    const decision = decideSmtpAction(reply, rules?.smtp, stage);
    try {
      if (decision.action === 'backoff') {
        await this.enter(destination, reply.text, decision.rule?.backoff_minutes ?? this.options.defaultMinutes, {
          smtpPatternId: decision.rule?.id ?? null,
          mxHost,
        });
      } else if (reply.code < 300) {
        const state = await this.state(destination);
        if (state.since !== null && sentAt.getTime() >= state.since && (await leaveBackoff(this.db, destination))) {
          this.states.set(destination, { at: Date.now(), since: null });
          this.log.info({ destination }, 'destination out of backoff: a delivery succeeded');
        }
      }
    } catch (error) {
      this.log.error({ err: error, destination }, 'recording destination backoff failed');
    }
    return decision.action satisfies SmtpAction;
  }

  /** No MX host of the destination could be reached (refused, timed out, no greeting): a destination-level signal. */
  async unreachable(destination: string, reason: string, mxHost: string): Promise<void> {
    try {
      await this.enter(destination, reason, this.options.defaultMinutes, { smtpPatternId: null, mxHost });
    } catch (error) {
      this.log.error({ err: error, destination }, 'recording destination backoff failed');
    }
  }

  private async enter(
    destination: string,
    reason: string,
    minutes: number,
    source: { smtpPatternId: number | null; mxHost: string },
  ): Promise<void> {
    await enterBackoff(this.db, destination, reason, minutes, source);
    this.states.set(destination, { at: Date.now(), since: Date.now() });
    this.log.warn({ destination, minutes, reply: reason }, 'destination in backoff');
  }

  /**
   * A retry's due time, pushed out to at least `retrySeconds` from now while the destination is in backoff (but not
   * past `notAfter`, the row's expiry, so the last try still happens).
   */
  retryAt(destination: string, dueAt: Date, notAfter: Date): Date {
    if (this.states.get(destination)?.since == null) return dueAt;
    const pushed = Math.max(dueAt.getTime(), Date.now() + this.options.retrySeconds * 1000);
    return new Date(Math.max(dueAt.getTime(), Math.min(pushed, notAfter.getTime())));
  }

  /** A shared slot for one send to a destination in backoff, waited for (a failed read counts as "not yet"). */
  private async sharedSlot(destination: string) {
    if (!this.shared) return null;
    for (;;) {
      const lease = await this.shared.acquire(`backoff:${destination}`);
      if (lease) return lease;
      await sleep(250 + Math.random() * 250);
    }
  }

  private lane(destination: string): Lane {
    let lane = this.lanes.get(destination);
    if (!lane) {
      lane = { active: 0, waiting: [], nextStart: 0 };
      this.lanes.set(destination, lane);
    }
    return lane;
  }

  private async state(destination: string): Promise<State> {
    const cached = this.states.get(destination);
    if (cached && Date.now() - cached.at < this.options.cacheMs) return cached;
    let read = this.reading.get(destination);
    if (!read) {
      read = this.readState(destination, cached).finally(() => this.reading.delete(destination));
      this.reading.set(destination, read);
    }
    return read;
  }

  private async readState(destination: string, cached: State | undefined): Promise<State> {
    const startedAt = Date.now();
    let since: number | null = cached?.since ?? null;
    try {
      const row = await isInBackoff(this.db, destination);
      since = row ? new Date(row.updated_at).getTime() : null;
    } catch (error) {
      this.log.error({ err: error, destination }, 'reading destination backoff failed');
    }
    // judge() entered or left backoff while this read was under way: its state is newer than what was read.
    const newer = this.states.get(destination);
    if (newer && newer.at >= startedAt) return newer;
    const state = { at: Date.now(), since };
    if (this.states.size > 50_000) this.states.clear();
    this.states.set(destination, state);
    if (since === null && !this.lanes.get(destination)?.active) this.lanes.delete(destination);
    return state;
  }
}
