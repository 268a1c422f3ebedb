import { type Headers, header, leafParts, type MimePart, parseHeaders } from './mime.ts';

/** A feedback-loop complaint (RFC 5965 ARF, or Microsoft's JMRP-style forward of the complained message). */
export type FeedbackReport = {
  /** abuse | fraud | virus | other | not-spam | auth-failure | opt-out (RFC 5965 7.3, RFC 6591). */
  feedbackType: string;
  userAgent?: string;
  /** The complaining recipient (Original-Rcpt-To, or the complained message's To). */
  recipient?: string;
  originalMailFrom?: string;
  sourceIp?: string;
  reportedDomain?: string;
  originalMessageId?: string;
  /** Headers of the complained-about message, where our own ids (Message-ID, VERP return path) can be read. */
  original?: Headers;
};

const ORIGINAL_TYPES = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers', 'text/rfc822-header']);

function addressOf(value: string | undefined): string | undefined {
  // Tried only where a run of address characters starts: from every position of a long run it was quadratic.
  return value ? /(?<![^\s<>"])[^\s<>"]+@[^\s<>"]+/.exec(value)?.[0]?.toLowerCase() : undefined;
}

function originalOf(leaves: MimePart[]): Headers | undefined {
  const part = leaves.find((p) => ORIGINAL_TYPES.has(p.type));
  if (!part) return undefined;
  // text/rfc822-header(s) parts carry only headers; a message/rfc822 part was parsed into parts[0].
  return part.parts[0]?.headers ?? parseHeaders(part.text);
}

/** Returns the complaint, or undefined when the message is not a feedback report. */
export function parseFeedbackReport(root: MimePart): FeedbackReport | undefined {
  const leaves = leafParts(root);
  const fields = leaves.find((p) => p.type === 'message/feedback-report');
  const original = originalOf(leaves);
  if (fields) {
    const h = parseHeaders(fields.text.trim());
    const report: FeedbackReport = { feedbackType: (header(h, 'feedback-type') ?? 'other').toLowerCase() };
    assign(report, 'userAgent', header(h, 'user-agent'));
    assign(report, 'recipient', addressOf(header(h, 'original-rcpt-to') ?? (original && header(original, 'to'))));
    assign(report, 'originalMailFrom', addressOf(header(h, 'original-mail-from')));
    assign(report, 'sourceIp', header(h, 'source-ip'));
    assign(report, 'reportedDomain', header(h, 'reported-domain'));
    withOriginal(report, original);
    return report;
  }
  // Microsoft's JMRP forwards the complained message whole, marked with X-HmXmrOriginalRecipient.
  const jmrpRecipient = original && header(original, 'x-hmxmroriginalrecipient');
  if (original && jmrpRecipient) {
    const report: FeedbackReport = { feedbackType: 'abuse', recipient: jmrpRecipient.toLowerCase() };
    withOriginal(report, original);
    return report;
  }
  // Apple Mail's "unsubscribe" button mails the List-Unsubscribe address and marks it (an opt-out, not spam).
  if (/^true$/i.test(header(root.headers, 'x-apple-unsubscribe') ?? '')) {
    const report: FeedbackReport = { feedbackType: 'opt-out' };
    assign(report, 'recipient', addressOf(header(root.headers, 'from')));
    return report;
  }
  return undefined;
}

function withOriginal(report: FeedbackReport, original: Headers | undefined) {
  if (!original) return;
  report.original = original;
  assign(report, 'originalMessageId', header(original, 'message-id')?.replace(/^<|>$/g, '').trim());
}

function assign<K extends keyof FeedbackReport>(report: FeedbackReport, key: K, value: FeedbackReport[K] | undefined) {
  if (value !== undefined && value !== '') report[key] = value;
}
