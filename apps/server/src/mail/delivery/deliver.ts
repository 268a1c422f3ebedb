import type { BounceCategory } from '@mailwright/contract';
import type { DestinationBackoff } from '../backoff/destination-backoff.ts';
import { classifyBounce } from '../classify/classify.ts';
import type { CategoryRule } from '../classify/rule-types.ts';
import { verpAddress } from '../mail-tokens.ts';
import { type DkimKey, signMessage } from '../message/dkim.ts';
import { personalizeMessage } from '../tracking/personalize.ts';
import type { Delivery, DeliveryResult, RecipientResult } from './delivery.repo.ts';
import type { SourcePick } from './ip-pools.ts';
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
  /** The sandbox catch-all MX (mail/sandbox) when this worker runs it; sandbox mail goes there and nowhere else. */
  sandboxMx?: MxTarget;
  /** The sending domain's DKIM key, for the per-recipient copies of a message to several recipients. */
  signingKey?: (customerId: number, domainId: number) => Promise<DkimKey | null>;
  /** The source address of each recipient (the domain's IP pool and warm-up, ip-pools.ts); without it: any. */
  sources?: { pick(domainId: number, targets: readonly MxTarget[]): Promise<SourcePick> };
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
  let heldUntil: Date | undefined;
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
  } else if (d.sandbox) {
    return deliverToSandbox(d, d.bounceHost, ctx);
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
        const from = d.envelopeFrom ?? verpAddress(ctx.secret, r.id, d.bounceHost);
        const pick = (await ctx.sources?.pick(d.domainId, resolution.targets)) ?? { kind: 'any' };
        if (pick.kind === 'held') {
          // Every address of the pool reached its warm-up cap for this provider today: a soft bounce that says so.
          const reply = pick.reason;
          results.push({ ...base, recipientId: r.id, recipient: r.address, outcome: 'softbounce', ...HELD, reply });
          heldUntil = pick.until;
          continue;
        }
        const targets =
          pick.kind === 'bound' ? resolution.targets.map((t) => ({ ...t, source: pick.source })) : resolution.targets;
        const release = await ctx.backoff?.slot(d.recipientDomain);
        try {
          results.push(await sendToFirstReachable(ctx, d, targets, { from, to: r.address }, r));
        } finally {
          release?.();
        }
      }
    }
  }
  return settle(d, results, ctx, heldUntil);
}

/** A recipient held by the warm-up caps of its pool: nothing was sent; retried on the next UTC day (settle). */
const HELD = { category: 'routing-errors', replyCode: null } as const;

/**
 * Sandbox mail goes to the catch-all MX whatever the recipient: DNS is never asked and no other host is ever tried.
 * Without a catch-all on this worker (SANDBOX=off) it waits as a soft bounce. The recipient domain's backoff state
 * is neither consulted nor changed: a 250 from the catch-all says nothing about the real destination.
 */
async function deliverToSandbox(d: Delivery, bounceHost: string, ctx: DeliverContext): Promise<DeliveryResult> {
  const { backoff: _notForSandbox, ...direct } = ctx;
  const target = ctx.sandboxMx;
  const results: RecipientResult[] = [];
  for (const r of d.recipients) {
    const envelope = { from: verpAddress(ctx.secret, r.id, bounceHost), to: r.address };
    if (target) results.push(await sendToFirstReachable(direct, d, [target], envelope, r));
    else
      results.push({
        ...{ mxHost: null, remoteIp: null, tls: false, startedAt: new Date(), durationMs: 0, attempted: false },
        recipientId: r.id,
        recipient: r.address,
        outcome: 'softbounce',
        category: 'routing-errors',
        replyCode: null,
        reply: 'The sandbox is off on this worker (SANDBOX); sandbox mail waits for its catch-all MX',
      });
  }
  return settle(d, results, direct);
}

async function sendToFirstReachable(
  ctx: DeliverContext,
  d: Delivery,
  targets: readonly MxTarget[],
  envelope: { from: string; to: string },
  recipient: { id: number; address: string },
): Promise<RecipientResult> {
  const destination = d.recipientDomain;
  const startedAt = new Date();
  const raw = await copyFor(d, recipient.address, ctx);
  let target = targets[0] as MxTarget;
  let sent: SendOutcome | undefined;
  for (const candidate of targets) {
    target = candidate;
    sent = await ctx.pool.send(candidate, envelope, raw, d.transport);
    if (!sent.unreachable) break;
  }
  const outcome = sent as SendOutcome;
  const code = outcome.code;
  let kind: RecipientResult['outcome'] =
    code !== null && code < 300 ? 'delivered' : code !== null && code >= 500 ? 'hardbounce' : 'softbounce';
  if (code !== null && ctx.backoff && !outcome.local) {
    // The operators' SMTP patterns decide: retry (soft), bounce (hard) or backoff (soft, and slow the destination);
    // the refused command decides whether a reply is about the destination at all (docs/sending.md).
    const reply = { code, text: outcome.reply };
    const action = await ctx.backoff.judge(destination, reply, target.host, startedAt, outcome.stage);
    if (kind !== 'delivered') kind = action === 'bounce' ? 'hardbounce' : 'softbounce';
  } else if (outcome.unreachable && (outcome.networkError === 'connect' || outcome.networkError === 'greeting')) {
    // Every MX host refused the connection, timed out or never greeted: the destination, not the recipient.
    await ctx.backoff?.unreachable(destination, outcome.reply, target.host);
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

/**
 * What goes to one recipient: the stored message, or for a message to several recipients with links of their own,
 * that recipient's copy (its List-Unsubscribe, pixel and redirects) DKIM-signed now. Copies are made one at a time,
 * as each is sent, so a large message to many recipients is never held many times over.
 */
async function copyFor(d: Delivery, recipient: string, ctx: DeliverContext): Promise<Buffer> {
  if (!d.personalize || !d.messageIdHeader) return d.raw;
  const key = await ctx.signingKey?.(d.customerId, d.domainId);
  if (!key) throw new Error(`No DKIM key for domain ${d.domainId}: the copy for ${recipient} cannot be signed`);
  const copy = personalizeMessage(d.raw, d.personalize, {
    domainId: d.domainId,
    messageId: d.messageIdHeader,
    recipient,
    secret: ctx.secret,
  });
  return signMessage(copy, key);
}

/** Soft bounces past the expiry become hard ('message-expired'); the others are rescheduled on the row. */
function settle(d: Delivery, results: RecipientResult[], ctx: DeliverContext, heldUntil?: Date): DeliveryResult {
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
  let dueAt = nextAttemptAt({ attempts: d.attempts, scheduleSeconds, now, expiresAt: d.expiresAt });
  // Held by warm-up caps: not before the caps renew (the next UTC day), nor after the row expires.
  if (heldUntil && heldUntil > dueAt) dueAt = heldUntil < d.expiresAt ? heldUntil : d.expiresAt;
  const retry = pending.length ? { recipientIds: pending, dueAt: backoffRetry(ctx, d, dueAt) } : null;
  return { delivery: d, results: settled, retry };
}

/** Retries to a destination in backoff wait longer (BACKOFF_RETRY_SECONDS). */
const backoffRetry = (ctx: DeliverContext, d: Delivery, dueAt: Date) =>
  ctx.backoff ? ctx.backoff.retryAt(d.recipientDomain, dueAt, d.expiresAt) : dueAt;
