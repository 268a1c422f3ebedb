import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { IntakeError } from '../intake/intake-error.ts';
import { planAt } from './billing-plan.ts';
import { type QuotaNoticeInput, sendQuotaNotices } from './quota-notices.ts';

/**
 * Quotas at intake (issue 14, ARCHITECTURE §8): a hard-capped tier refuses mail beyond its monthly allowance. What is
 * counted is what the statistics count as `accepted` and billing meters: one per recipient that is stored and queued
 * (a recipient dropped by a suppression is a `rejected` event and is not counted). The count is taken inside the
 * transaction that stores the batch, after every other check, so a message refused or rolled back later never
 * leaks a count; one statement adds to `accepted` only if the sum stays within the allowance, so processes accepting
 * at once never overshoot (PostgreSQL's INSERT … ON CONFLICT DO UPDATE locks the row and re-checks the condition).
 */

/** What decides a customer's quota: the allowance of its tier plus extra-message add-ons; null without a tier. */
export interface QuotaPlan {
  allowance: number;
  hardCap: boolean;
}

/** One message of a batch as the quota sees it. */
export interface QuotaDemand {
  customerId: number;
  /** Recipients that will be `accepted` (suppressed ones left out). */
  count: number;
  /** Platform mail (password resets, invitations) is counted but never refused. */
  exempt: boolean;
}

/** The UTC calendar month holding `at` (quota_usage.period_start), and the first day of the next one. */
export function periodOf(at: Date): { start: string; next: string } {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const day = (y: number, m: number) => new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { start: day(year, month), next: day(year, month + 1) };
}

/**
 * The refusal, the same on every door: SMTP 452 4.5.3 (RFC 5321 4.5.3.1.10 and RFC 3463 4.5.3, "too many
 * recipients", transient: it clears when the period ends or the tier changes, so a client may queue and retry later)
 * and HTTP 402 (docs/errors.md: refused because of the account's plan).
 */
export function quotaExceeded(used: number, allowance: number, count: number, next: string): IntakeError {
  const needs = count === 1 ? '1 more' : `${count} more`;
  return new IntakeError(
    `Monthly quota exceeded: ${used} of ${allowance} messages used this period and this message needs ${needs}; ` +
      `sending resumes on ${next} (UTC) or when the tier changes`,
    { smtpCode: 452, enhanced: '4.5.3', httpStatus: 402 },
  );
}

/** The plans of a batch's customers, read before its transaction (planAt: part 1's one definition of "in effect"). */
export async function readQuotaPlans(
  db: Db,
  customerIds: Iterable<number>,
  at: Date,
): Promise<Map<number, QuotaPlan | null>> {
  const ids = [...new Set(customerIds)];
  const plans = await Promise.all(ids.map((id) => planAt(db, id, at)));
  return new Map(
    ids.map((id, i) => {
      const plan = plans[i];
      return [id, plan ? { allowance: plan.msgIncluded + plan.extraMessages, hardCap: plan.hardCap } : null];
    }),
  );
}

interface UsageRow {
  accepted: number;
  notified_80: boolean;
  notified_100: boolean;
}

/**
 * Adds `add` to the customer's count if `need` more still fit under `limit` (null: no limit), in one statement.
 * Answers the row after the change, or undefined when it did not fit (nothing changed).
 */
const TAKE = `INSERT INTO quota_usage AS q (customer_id, period_start, accepted)
  SELECT $1, $2::date, $3::bigint WHERE $5::bigint IS NULL OR $4::bigint <= $5::bigint
  ON CONFLICT (customer_id, period_start) DO UPDATE SET accepted = q.accepted + excluded.accepted
    WHERE $5::bigint IS NULL OR q.accepted + $4::bigint <= $5::bigint
  RETURNING q.accepted, q.notified_80, q.notified_100`;

/** Locks the customer's row (making it if need be) and answers it unchanged, for a refusal's text and notices. */
const READ_LOCKED = `INSERT INTO quota_usage AS q (customer_id, period_start) VALUES ($1, $2::date)
  ON CONFLICT (customer_id, period_start) DO UPDATE SET accepted = q.accepted
  RETURNING q.accepted, q.notified_80, q.notified_100`;

async function take(tx: Db, cid: number, period: string, add: number, need: number, limit: number | null) {
  return tx.maybeOne<UsageRow>(TAKE, [cid, period, add, need, limit]);
}

/**
 * Counts a batch's messages against their customers' quotas inside the transaction that stores them; answers, per
 * message, null (counted) or the refusal. Customers are taken in id order so two batches never lock rows in
 * opposite orders. A customer's messages are first counted together in one statement. Only when they do not all fit
 * is the row read under its lock (no other transaction can change it until this one ends) and the allowance filled
 * in order as far as whole messages go, then added in one more conditional statement: at most three per customer.
 */
export async function countAgainstQuota(
  tx: Db,
  log: Logger,
  plans: ReadonlyMap<number, QuotaPlan | null>,
  demands: readonly QuotaDemand[],
  at: Date,
): Promise<(IntakeError | null)[]> {
  const { start, next } = periodOf(at);
  const refusals: (IntakeError | null)[] = demands.map(() => null);
  const customers = [...new Set(demands.map((d) => d.customerId))].sort((a, b) => a - b);
  const notices: QuotaNoticeInput[] = [];
  for (const cid of customers) {
    const plan = plans.get(cid) ?? null;
    const limit = plan?.hardCap ? plan.allowance : null;
    const mine = demands.map((d, i) => ({ d, i })).filter(({ d }) => d.customerId === cid);
    const needOf = (d: QuotaDemand) => (d.exempt ? 0 : d.count);
    const add = mine.reduce((n, { d }) => n + d.count, 0);
    const need = mine.reduce((n, { d }) => n + needOf(d), 0);
    let row = await take(tx, cid, start, add, need, limit);
    let refused = false;
    if (!row && limit !== null) {
      const locked = await tx.one<UsageRow>(READ_LOCKED, [cid, start]);
      let used = locked.accepted;
      let fitting = 0;
      let fittingNeed = 0;
      for (const { d, i } of mine) {
        if (used + needOf(d) <= limit) {
          used += d.count;
          fitting += d.count;
          fittingNeed += needOf(d);
        } else {
          refused = true;
          refusals[i] = quotaExceeded(used, limit, d.count, next);
        }
      }
      row = fitting ? await take(tx, cid, start, fitting, fittingNeed, limit) : locked;
      // Under the row lock the sum still fits; if not, something else changed it: fail the batch (fail closed).
      if (!row) throw new Error(`quota_usage of customer ${cid} changed under its row lock`);
    }
    if (plan && row) notices.push({ customerId: cid, plan, usage: row, refused, period: start, next });
  }
  await sendQuotaNotices(tx, log, notices);
  return refusals;
}
