import { type FeedbackReport, parseFeedbackReport } from './arf.ts';
import { autoReplyReason } from './auto-reply.ts';
import { type BounceReply, type Classification, classifyBounce } from './classify.ts';
import { BROAD_RULES, DEFAULT_CATEGORY_RULES, DEFAULT_DSN_RULES } from './default-rules.ts';
import { type BounceReport, carriesReport, type DsnRecipient, parseBounce, readMessage } from './dsn.ts';
import type { DsnRule } from './dsn-rules.ts';
import { decodeWords, type Headers, header, leafParts, type MimePart } from './mime.ts';
import type { CategoryRule } from './rule-types.ts';
import { parseSesNotification, type SesNotification } from './ses-notification.ts';
import { firstText } from './text-bounce.ts';

/**
 * A bounced recipient with its classification. Action "delayed" is a warning (RFC 3464 2.3.3: the reporting MTA
 * keeps trying): a delay, never a bounce. `transient` marks an Amazon SES "Transient" bounce, which SES reports
 * without an action: SES has given up on that send, so it is a soft bounce rather than a delay.
 */
export type ClassifiedRecipient = DsnRecipient & { classification: Classification; transient?: true };

/** What an inbound message to a bounce address turned out to be. */
export type InboundKind =
  | { kind: 'bounce'; report: BounceReport; recipients: ClassifiedRecipient[] }
  | { kind: 'delivery-report'; report: BounceReport }
  | { kind: 'complaint'; feedback: FeedbackReport }
  | { kind: 'auto-reply'; reason: string }
  | { kind: 'other' };

export type InboundReport = InboundKind & {
  /** The addresses the report was delivered to (To, Delivered-To, X-Original-To): our VERP return paths. */
  addressedTo: string[];
  /** Message-ID of the original message, when the report quotes it. */
  originalMessageId?: string;
  /** What `decodeVerp` made of the first VERP address found (report addressee, then the original's Return-Path). */
  verpId?: number;
};

export type InboundRules = {
  category?: readonly CategoryRule[];
  dsn?: readonly DsnRule[];
  /** The built-in broad words (BROAD_RULES); only the benchmark swaps them, to leave rules out. */
  broad?: readonly CategoryRule[];
};
export type InboundOptions = {
  /** Our VERP decoder (mail-tokens.ts parseVerpAddress with the secret bound): the recipient id, or null. */
  decodeVerp?: (address: string) => number | null;
};

const BOUNCE_SENDER =
  /^(mailer-daemon|post_?master|mail-daemon|mailer|mmdf|smtp|bounce[s]?|daemon|mail[ .]delivery|mdaemon)\b/i;
const BOUNCE_SUBJECT =
  /undeliver|undelivered|not (been )?delivered|delivery (status notification|fail|failure|report|problem|has failed|notification)|returned mail|return(ed)? to sender|failure notice|mail delivery (failed|failure|subsystem|system)|mail (could not be|not) delivered|non[- ]?deliver|delivery error|rejected|mail system error|warning: could not send|permanent error|bounce|nicht zustellbar|unzustellbar|non remis|échec|no se pudo entregar|配信|不達|エラー|error/i;

/**
 * Decides whether an inbound message is a complaint (RFC 5965), a bounce (RFC 3464 or a non-standard one), a
 * delivery report that is not a failure, or an automatic reply (RFC 3834) to ignore, and classifies each bounced
 * recipient. Complaints are tested first (they also carry a report part), auto-replies after bounces (bounces are
 * "auto-replied" too).
 */
export function readInboundReport(
  input: string | Uint8Array | MimePart,
  rules: InboundRules = {},
  options: InboundOptions = {},
): InboundReport {
  const root = typeof input === 'string' || input instanceof Uint8Array ? readMessage(input) : input;
  const found = readKind(root, rules);
  const original = found.kind === 'bounce' || found.kind === 'delivery-report' ? found.report.original : undefined;
  const complained = found.kind === 'complaint' ? found.feedback.original : undefined;
  const report: InboundReport = {
    ...found,
    addressedTo: addressesOf(root.headers, ['to', 'delivered-to', 'x-original-to', 'envelope-to']),
  };
  const originalMessageId =
    found.kind === 'complaint'
      ? found.feedback.originalMessageId
      : found.kind === 'bounce' || found.kind === 'delivery-report'
        ? found.report.originalMessageId
        : undefined;
  if (originalMessageId) report.originalMessageId = originalMessageId;
  if (options.decodeVerp) {
    const quoted = original ?? complained;
    const candidates = [...report.addressedTo, ...(quoted ? addressesOf(quoted, ['return-path']) : [])];
    if (found.kind === 'complaint' && found.feedback.originalMailFrom) candidates.push(found.feedback.originalMailFrom);
    for (const address of candidates) {
      const id = options.decodeVerp(address);
      if (id !== null) {
        report.verpId = id;
        break;
      }
    }
  }
  return report;
}

function readKind(root: MimePart, rules: InboundRules): InboundKind {
  const feedback = parseFeedbackReport(root);
  if (feedback) return { kind: 'complaint', feedback };

  const categoryRules = rules.category ?? DEFAULT_CATEGORY_RULES;
  const dsnRules = rules.dsn ?? DEFAULT_DSN_RULES;
  const hasStatusPart = leafParts(root).some((p) => /delivery-status$/.test(p.type));
  const ses = hasStatusPart ? undefined : parseSesNotification(firstText(root));
  if (ses?.type === 'Complaint') {
    const feedback: FeedbackReport = { feedbackType: ses.feedbackType, userAgent: 'Amazon SES' };
    if (ses.recipients[0]) feedback.recipient = ses.recipients[0];
    return { kind: 'complaint', feedback };
  }
  if (ses || hasStatusPart || looksLikeBounce(root) || carriesReport(root)) {
    const report = ses ? sesReport(root, ses) : parseBounce(root, dsnRules);
    const failed = report.recipients.filter((r) => r.action === 'failed' || r.action === 'delayed');
    if (report.recipients.length > 0 && failed.length === 0) return { kind: 'delivery-report', report };
    if (failed.length > 0) {
      return {
        kind: 'bounce',
        report,
        recipients: failed.map((r) => ({
          ...r,
          classification: classifyRecipient(r, categoryRules, rules.broad),
          ...(ses && r.action === 'delayed' ? { transient: true as const } : {}),
        })),
      };
    }
  }
  const reason = autoReplyReason(root.headers);
  if (reason) return { kind: 'auto-reply', reason };
  return { kind: 'other' };
}

function sesReport(root: MimePart, ses: Exclude<SesNotification, { type: 'Complaint' }>): BounceReport {
  const report: BounceReport = {
    standard: true,
    recipients: ses.recipients,
    subject: decodeWords(header(root.headers, 'subject') ?? ''),
    from: header(root.headers, 'from') ?? '',
  };
  if (ses.type === 'Bounce' && ses.reportingMta) report.reportingMta = ses.reportingMta;
  return report;
}

function addressesOf(headers: Headers, names: string[]): string[] {
  const values = names.flatMap((name) => headers.get(name) ?? []);
  const found = values.flatMap((value) =>
    [...value.matchAll(/(?<![^\s<>",;:()])[^\s<>",;:()]+@[^\s<>",;:()]+/g)].map((m) => m[0].toLowerCase()),
  );
  return [...new Set(found)];
}

/**
 * Classifies one bounced recipient: the remote server's words (with the report's status) first; when no rule knows
 * them, what the bounce's text says about the recipient; then the status code alone.
 */
export function classifyRecipient(
  recipient: DsnRecipient,
  rules: readonly CategoryRule[] = DEFAULT_CATEGORY_RULES,
  broadRules: readonly CategoryRule[] = BROAD_RULES,
): Classification {
  const base: Omit<BounceReply, 'text'> = { action: recipient.action };
  if (recipient.status) base.status = recipient.status;
  if (recipient.code) base.code = recipient.code;
  if (recipient.stage) base.stage = recipient.stage;
  if (recipient.dsnRule) base.statusInferred = true;
  if (recipient.detail) base.context = recipient.detail;
  const fromDiagnostic = classifyBounce({ ...base, text: recipient.diagnostic }, rules, broadRules);
  if (fromDiagnostic.rule || !recipient.detail) return fromDiagnostic;
  const fromDetail = classifyBounce({ ...base, text: recipient.detail }, rules, broadRules);
  return fromDetail.rule ? fromDetail : fromDiagnostic;
}

function looksLikeBounce(root: MimePart): boolean {
  const from = decodeWords(header(root.headers, 'from') ?? '');
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  if (BOUNCE_SENDER.test(address.trim()) || /mail delivery (system|subsystem)/i.test(from)) return true;
  const subject = decodeWords(header(root.headers, 'subject') ?? '');
  if (BOUNCE_SUBJECT.test(subject)) return true;
  const contentType = header(root.headers, 'content-type') ?? '';
  return /report-type=["']?delivery-status/i.test(contentType);
}
