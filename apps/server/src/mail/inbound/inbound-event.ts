import type { FeedbackReport } from '../classify/arf.ts';
import type { ClassifiedRecipient } from '../classify/inbound-report.ts';
import type { InboundEvent } from './inbound.repo.ts';

/** The parts of C's readInboundReport answer this module reads (bounce recipients, complaint feedback). */
export type ReadReport =
  | { kind: 'bounce'; recipients: ClassifiedRecipient[] }
  | { kind: 'complaint'; feedback: FeedbackReport }
  | { kind: 'delivery-report' | 'auto-reply' | 'other' };

/**
 * What a report mailed to a VERP address means for the recipient it names: an RFC 3464 "failed" is a hardbounce,
 * "delayed" a `queued` event (RFC 3464 2.3.3: the remote MTA still holds the message and keeps trying; a delay, not a
 * bounce, so no bounce category and no suppression; an Amazon SES "Transient" bounce is a softbounce); an RFC 5965
 * report a complaint ("opt-out", e.g. Apple Mail's unsubscribe button, an unsubscribe; "not-spam" nothing). Delivery
 * reports and RFC 3834 automatic replies mean nothing. Answers the event, or why there is none.
 */
export function inboundEventFor(report: ReadReport, recipient: string): { event: InboundEvent } | { ignored: string } {
  if (report.kind === 'complaint') {
    const { feedbackType, userAgent } = report.feedback;
    if (feedbackType === 'not-spam') return { ignored: 'a not-spam feedback report' };
    const from = userAgent ? ` from ${userAgent}` : '';
    if (feedbackType === 'opt-out') {
      return { event: { event: 'unsubscribed', category: null, reply: `Opt-out feedback report${from}` } };
    }
    return { event: { event: 'complained', category: null, reply: `Feedback report (${feedbackType})${from}` } };
  }
  if (report.kind !== 'bounce') return { ignored: report.kind };
  const bounced = pickRecipient(report.recipients, recipient);
  if (!bounced) return { ignored: 'a bounce naming no recipient' };
  const words = bounced.diagnostic || bounced.detail || '';
  const reply = [bounced.status, words].filter(Boolean).join(' ').slice(0, 2000) || 'Bounce report without details';
  if (bounced.action === 'delayed' && !bounced.transient) return { event: { event: 'queued', category: null, reply } };
  const event = bounced.transient ? 'softbounce' : 'hardbounce';
  return { event: { event, category: bounced.classification.category, reply } };
}

/**
 * The report's line about our recipient: the one naming it (final or original recipient), else the only one (the
 * address was forwarded or rewritten on the way; the VERP address already says who it was), else none.
 */
function pickRecipient(recipients: readonly ClassifiedRecipient[], address: string) {
  const wanted = address.toLowerCase();
  const same = (value: string | undefined) => value?.toLowerCase().replace(/^rfc822;\s*/, '') === wanted;
  return (
    recipients.find((r) => same(r.recipient) || same(r.originalRecipient)) ??
    (recipients.length === 1 ? recipients[0] : undefined)
  );
}
