import type { BounceCategory } from '@mailwright/contract';
import type { DestinationBackoff } from '../backoff/destination-backoff.ts';
import { type CategoryRule, classifyBounce } from '../classify/classify.ts';
import { verpAddress } from '../mail-tokens.ts';
import type { Delivery, DeliveryResult, RecipientResult } from './delivery.repo.ts';
import type { MxResolver, MxTarget } from './mx-resolver.ts';
import { isExpired, nextAttemptAt } from './retry-schedule.ts';
import type { SendOutcome, SmtpClientPool } from './smtp-client-pool.ts';

export interface DeliverContext {
  mx: MxResolver;
  pool: SmtpClientPool;
  secret: Buffer;
  retryScheduleSeconds: readonly number[];
  /** SMTP patterns (retry, bounce, backoff) and destination backoff; without it the reply class alone decides. */
  backoff?: DestinationBackoff;
  /** The operators' bounce-category patterns (cached); without it the default rules decide. */
  categoryRules?: () => Promise<readonly CategoryRule[]>;
}

const NETWORK_CATEGORY: Record<NonNullable<SendOutcome['networkError']>, BounceCategory> = {
  connect: 'unreachable-mx',
  greeting: 'no-answer-from-host',
  tls: 'bad-connection',
  socket: 'bad-connection',
};

/**
 * Delivers one queue row: each recipient in its own SMTP transaction (its own VERP envelope sender) over pooled
 * connections, MX hosts tried in preference order while they cannot be reached. 2xx is delivered, 5xx a hard bounce,
 * 4xx or no answer a soft bounce retried on the schedule until the row expires, then a hard bounce.
 */
export async function deliver(d: Delivery, ctx: DeliverContext): Promise<DeliveryResult> {
  const startedAt = new Date();
  const base = { mxHost: null, remoteIp: null, tls: false, startedAt, durationMs: 0, attempted: false };
  let results: RecipientResult[];
  if (d.testmode) {
    results = d.recipients.map((r) => ({
      ...base,
      recipientId: r.id,
      recipient: r.address,
      outcome: 'delivered' as const,
      category: null,
      replyCode: 250,
      reply: '250 Test mode: accepted, not sent',
    }));
  } else if (!d.bounceHost) {
    results = d.recipients.map((r) => ({
      ...base,
      recipientId: r.id,
      recipient: r.address,
      outcome: 'hardbounce' as const,
      category: 'bad-configuration',
      replyCode: null,
      reply: 'The sending domain was deleted before delivery',
    }));
  } else {
    // A destination in backoff with more waiting than it may take now: the whole row is put off, nothing is sent.
    const deferTo = await ctx.backoff?.admit(d.recipientDomain, d.recipients.length);
    if (deferTo)
      return { delivery: d, results: [], retry: { recipientIds: d.recipients.map((r) => r.id), dueAt: deferTo } };
    const resolution = await ctx.mx.resolve(d.recipientDomain);
    if (!resolution.ok) {
      results = d.recipients.map((r) => ({
        ...base,
        recipientId: r.id,
        recipient: r.address,
        outcome: resolution.permanent ? ('hardbounce' as const) : ('softbounce' as const),
        category: resolution.category,
        replyCode: Number(resolution.reply.slice(0, 3)),
        reply: resolution.reply,
      }));
    } else {
      results = [];
      for (const r of d.recipients) {
        const from = verpAddress(ctx.secret, r.id, d.bounceHost);
        const release = await ctx.backoff?.slot(d.recipientDomain);
        try {
          results.push(
            await sendToFirstReachable(ctx, d.recipientDomain, resolution.targets, { from, to: r.address }, d.raw, r),
          );
        } finally {
          release?.();
        }
      }
    }
  }
  return settle(d, results, ctx);
}

async function sendToFirstReachable(
  ctx: DeliverContext,
  destination: string,
  targets: readonly MxTarget[],
  envelope: { from: string; to: string },
  raw: Buffer,
  recipient: { id: number; address: string },
): Promise<RecipientResult> {
  const startedAt = new Date();
  let target = targets[0] as MxTarget;
  let sent: SendOutcome | undefined;
  for (const candidate of targets) {
    target = candidate;
    sent = await ctx.pool.send(candidate, envelope, raw);
    if (!sent.unreachable) break;
  }
  const outcome = sent as SendOutcome;
  const code = outcome.code;
  let kind: RecipientResult['outcome'] =
    code !== null && code < 300 ? 'delivered' : code !== null && code >= 500 ? 'hardbounce' : 'softbounce';
  if (code !== null && ctx.backoff) {
    // The operators' SMTP patterns decide: retry (soft), bounce (hard) or backoff (soft, and slow the destination).
    const action = await ctx.backoff.judge(destination, { code, text: outcome.reply }, target.host, startedAt);
    if (kind !== 'delivered') kind = action === 'bounce' ? 'hardbounce' : 'softbounce';
  }
  let category: string | null = null;
  if (kind !== 'delivered') {
    category =
      code === null
        ? NETWORK_CATEGORY[outcome.networkError ?? 'socket']
        : classifyBounce(
            { code, text: outcome.reply, ...(outcome.stage ? { stage: outcome.stage } : {}) },
            await ctx.categoryRules?.(),
          ).category;
  }
  return {
    recipientId: recipient.id,
    recipient: recipient.address,
    outcome: kind,
    category,
    replyCode: code,
    reply: outcome.reply,
    mxHost: target.host,
    remoteIp: target.ip,
    tls: outcome.tls,
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    attempted: true,
  };
}

/** Soft bounces past the expiry become hard ('message-expired'); the others are rescheduled on the row. */
function settle(d: Delivery, results: RecipientResult[], ctx: DeliverContext): DeliveryResult {
  const scheduleSeconds = ctx.retryScheduleSeconds;
  const now = new Date();
  const expired = isExpired(now, d.expiresAt);
  const settled = results.map((r) =>
    r.outcome === 'softbounce' && expired
      ? {
          ...r,
          outcome: 'hardbounce' as const,
          category: 'message-expired',
          reply: `Gave up after ${d.attempts} attempts: ${r.reply}`,
        }
      : r,
  );
  const pending = settled.filter((r) => r.outcome === 'softbounce').map((r) => r.recipientId);
  const retry = pending.length
    ? {
        recipientIds: pending,
        dueAt: backoffRetry(
          ctx,
          d,
          nextAttemptAt({ attempts: d.attempts, scheduleSeconds, now, expiresAt: d.expiresAt }),
        ),
      }
    : null;
  return { delivery: d, results: settled, retry };
}

/** Retries to a destination in backoff wait longer (BACKOFF_RETRY_SECONDS). */
const backoffRetry = (ctx: DeliverContext, d: Delivery, dueAt: Date) =>
  ctx.backoff ? ctx.backoff.retryAt(d.recipientDomain, dueAt, d.expiresAt) : dueAt;
