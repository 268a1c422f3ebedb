import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { loadMailSecret, readUnsubscribeToken } from '../../mail/mail-tokens.ts';
import { detectBot } from '../../mail/tracking/bot-detection.ts';
import { verifyTrackingToken } from '../../mail/tracking/tracking-tokens.ts';
import * as repo from './tracking.repo.ts';

/** Who asked: the request details bot detection and the event record use. */
export interface Visitor {
  method: string;
  userAgent: string | undefined;
  ip: string;
}

// The signing key is read once per database (it never changes once made).
const secrets = new WeakMap<Db, Promise<Buffer>>();
function mailSecret(db: Db): Promise<Buffer> {
  const secret = secrets.get(db) ?? loadMailSecret(db);
  secrets.set(db, secret);
  return secret;
}

async function record(
  deps: Deps,
  target: repo.TrackedRecipient,
  event: 'opened' | 'clicked',
  visitor: Visitor,
  url: string | null,
) {
  const since = target.delivered_at ? (Date.now() - new Date(target.delivered_at).getTime()) / 1000 : null;
  const { bot } = detectBot({ ...visitor, secondsSinceDelivery: since });
  await repo.insertTrackingEvent(deps.db, {
    target,
    event,
    bot,
    url,
    userAgent: visitor.userAgent ?? null,
    ip: visitor.ip,
  });
}

/** An open pixel was loaded: writes `opened` for the message's recipient (nothing for unknown or forged tokens). */
export async function trackOpen(deps: Deps, token: string, visitor: Visitor): Promise<void> {
  const claim = verifyTrackingToken(await mailSecret(deps.db), token);
  if (claim?.kind !== 'open') return;
  const target = await repo.findTrackedRecipient(deps.db, claim.domainId, claim.messageId, claim.recipient);
  if (target) await record(deps, target, 'opened', visitor, null);
}

/** A tracked link was followed: writes `clicked` and answers where to send the visitor; null for a bad token. */
export async function trackClick(deps: Deps, token: string, visitor: Visitor): Promise<string | null> {
  const claim = verifyTrackingToken(await mailSecret(deps.db), token);
  if (claim?.kind !== 'click') return null;
  const target = await repo.findTrackedRecipient(deps.db, claim.domainId, claim.messageId, claim.recipient);
  // The link still works once the message is pruned; only the event is lost then.
  if (target) await record(deps, target, 'clicked', visitor, claim.url);
  return claim.url;
}

export type UnsubscribeState =
  | { state: 'invalid' }
  | { state: 'ask'; domain: string; recipient: string }
  | { state: 'done'; domain: string; recipient: string };

/** What the unsubscribe page shows for a List-Unsubscribe token: who and from which domain, or that it is invalid. */
export async function readUnsubscribe(deps: Deps, token: string): Promise<UnsubscribeState> {
  const claim = readUnsubscribeToken(await mailSecret(deps.db), token);
  const domain = claim ? await repo.domainName(deps.db, claim.domainId) : undefined;
  if (!claim || !domain) return { state: 'invalid' };
  const target = await repo.findTrackedRecipient(deps.db, claim.domainId, claim.messageId, claim.recipient);
  return { state: 'ask', domain: domain.name, recipient: target?.recipient ?? claim.recipient };
}

/**
 * Unsubscribes (RFC 8058 one-click POST, or the page's button): writes one `unsubscribed` event per message and
 * recipient; the suppressions consumer adds the recipient to the domain's unsubscribe list. When the link names no
 * recipient (a message to several), `address` must be one of the message's recipients.
 */
export async function unsubscribe(
  deps: Deps,
  token: string,
  address: string | null,
  visitor: Visitor,
): Promise<UnsubscribeState> {
  const claim = readUnsubscribeToken(await mailSecret(deps.db), token);
  const domain = claim ? await repo.domainName(deps.db, claim.domainId) : undefined;
  if (!claim || !domain) return { state: 'invalid' };
  const named = claim.recipient || address?.trim() || '';
  const target =
    (await repo.findTrackedRecipient(deps.db, claim.domainId, claim.messageId, named)) ??
    (claim.recipient ? await repo.targetWithoutMessage(deps.db, claim.domainId, claim.recipient) : undefined);
  if (!target?.recipient || (!claim.recipient && target.recipient_id === null)) {
    return { state: 'ask', domain: domain.name, recipient: '' };
  }
  if (!(await repo.hasUnsubscribed(deps.db, target))) {
    await repo.insertTrackingEvent(deps.db, {
      target,
      event: 'unsubscribed',
      bot: false,
      url: null,
      userAgent: visitor.userAgent ?? null,
      ip: visitor.ip,
    });
  }
  return { state: 'done', domain: domain.name, recipient: target.recipient };
}
