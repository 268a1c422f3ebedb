import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { queueSystemMail } from '../system-mail.ts';

/**
 * The 80% and 100% notices of a customer's monthly allowance: a bell notification for every user of the customer and
 * an e-mail to its admins, each once per period. They are written here, engine-side, in the transaction that counts
 * the messages (and flips quota_usage.notified_80 / notified_100 under the row lock that count holds): the notice
 * exists exactly when the count that crossed the line was committed, never twice, never for a rolled-back batch.
 * The engine imports no feature, so the bell row is one INSERT into notifications here (the notifications feature
 * only lists and marks them) and the e-mail goes through system mail (mail/system-mail.ts), as resets do. An outbox
 * event was the other way in, but `events` holds per-recipient mail events that statistics and webhooks count.
 */

export interface QuotaNoticeInput {
  customerId: number;
  plan: { allowance: number; hardCap: boolean };
  /** The customer's row after this batch's count, locked by it. */
  usage: { accepted: number; notified_80: boolean; notified_100: boolean };
  /** A message of this batch was refused for the quota: the allowance is used up as far as whole messages go. */
  refused: boolean;
  period: string;
  next: string;
}

export type QuotaLevel = 80 | 100;

/** The notice this count calls for, if any: 100% once the allowance is used up, else 80% once 80% of it is. */
export function noticeDue(input: Pick<QuotaNoticeInput, 'plan' | 'usage' | 'refused'>): QuotaLevel | null {
  const { plan, usage, refused } = input;
  if (plan.allowance <= 0) return null;
  if ((usage.accepted >= plan.allowance || refused) && !usage.notified_100) return 100;
  if (usage.accepted * 100 >= plan.allowance * 80 && !usage.notified_80) return 80;
  return null;
}

/** The text of a notice (the bell's message and the e-mail's body). */
export function noticeText(level: QuotaLevel, input: Pick<QuotaNoticeInput, 'plan' | 'usage' | 'next'>): string {
  const { plan, usage, next } = input;
  const used = `${usage.accepted} of ${plan.allowance} messages`;
  if (level === 80) {
    const then = plan.hardCap
      ? `At 100% further mail is refused until ${next} (UTC) unless you change your tier.`
      : 'Messages beyond it are billed as overage.';
    return `You have used 80% of this month's allowance (${used}). ${then}`;
  }
  return plan.hardCap
    ? `You have used this month's allowance (${used}): further mail is refused until ${next} (UTC) unless you change your tier.`
    : `You have used the messages included in your tier this month (${used}); further messages are billed as overage.`;
}

export async function sendQuotaNotices(tx: Db, log: Logger, inputs: readonly QuotaNoticeInput[]): Promise<void> {
  for (const input of inputs) {
    const level = noticeDue(input);
    if (!level) continue;
    await tx.query(
      `UPDATE quota_usage SET notified_80 = true, notified_100 = notified_100 OR $3
        WHERE customer_id = $1 AND period_start = $2::date`,
      [input.customerId, input.period, level === 100],
    );
    const text = noticeText(level, input);
    await tx.query('INSERT INTO notifications (customer_id, user_id, kind, message) VALUES ($1, NULL, $2, $3)', [
      input.customerId,
      `quota-${level}`,
      text,
    ]);
    const admins = await tx.query<{ email: string }>(
      `SELECT DISTINCT email FROM users
        WHERE customer_id = $1 AND role = 'admin' AND state = 'active' AND coalesce(email, '') <> ''
        ORDER BY email`,
      [input.customerId],
    );
    const subject = level === 100 ? 'Your monthly allowance is used up' : "You have used 80% of this month's allowance";
    for (const { email } of admins) {
      await queueSystemMail(tx, log, { to: email, subject, text: `${text}\n`, kind: 'notice' });
    }
    log.info({ customerId: input.customerId, level, accepted: input.usage.accepted }, 'quota notice');
  }
}
