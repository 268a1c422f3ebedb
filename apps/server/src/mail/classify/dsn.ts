import { type DsnRule, matchDsnRule } from './dsn-rules.ts';
import { type Headers, header, leafParts, type MimePart, parseHeaders, parseMime } from './mime.ts';
import { remoteReply, wholeMultilineReply } from './mta-reply.ts';
import { type SmtpStage, stageFromText } from './smtp-stage.ts';
import { codeFromText, statusFromText } from './status-codes.ts';
import { type DsnRecipient, parseStatusFields } from './status-fields.ts';
import {
  extractTextRecipients,
  firstText,
  humanReadableText,
  inlineForwarded,
  splitOriginal,
  squash,
  unquote,
} from './text-bounce.ts';

export type { DsnRecipient } from './status-fields.ts';

export type BounceReport = {
  /** true when the message carries an RFC 3464 message/delivery-status part (or its fields in the text). */
  standard: boolean;
  reportingMta?: string;
  recipients: DsnRecipient[];
  /** Headers of the returned original (message/rfc822, text/rfc822-headers or a quoted header block). */
  original?: Headers;
  originalMessageId?: string;
  subject: string;
  from: string;
};

const STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status', 'text/delivery-status']);
const ORIGINAL_TYPES = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers']);

/** Reads a whole message (bytes or text) into a MIME tree. */
export function readMessage(input: string | Uint8Array): MimePart {
  const latin1 =
    typeof input === 'string' ? Buffer.from(input, 'utf8').toString('latin1') : Buffer.from(input).toString('latin1');
  return parseMime(latin1);
}

/**
 * Parses a bounce into per-recipient results. RFC 3464 reports are read field by field; anything else is read from its
 * human-readable text (recipients are the addresses it names, DSN rules supply status and action).
 */
export function parseBounce(input: string | Uint8Array | MimePart, dsnRules: readonly DsnRule[] = []): BounceReport {
  let root = typeof input === 'string' || input instanceof Uint8Array ? readMessage(input) : input;
  let leaves = leafParts(root);
  let statusPart = leaves.find((part) => STATUS_TYPES.has(part.type));
  const forwarded = statusPart ? undefined : forwardedReport(root);
  if (forwarded) {
    // A relay (or a person) forwarded the real report as an attachment: read that one.
    root = forwarded;
    leaves = leafParts(root);
    statusPart = leaves.find((part) => STATUS_TYPES.has(part.type));
  }
  const quoted = findOriginal(leaves) ? undefined : splitOriginal(firstText(root)).quoted;
  const original = findOriginal(leaves) ?? (quoted ? parseHeaders(quoted) : undefined);
  const text = humanReadableText(root);
  const subject = header(root.headers, 'subject') ?? '';
  const from = header(root.headers, 'from') ?? '';
  const report: BounceReport = { standard: false, recipients: [], subject, from };
  if (original) {
    report.original = original;
    const messageId = header(original, 'message-id');
    if (messageId) report.originalMessageId = messageId.replace(/^<|>$/g, '').trim();
  }

  const fields = statusPart?.text ?? embeddedStatusFields(unquote(text));
  if (fields) {
    const parsed = parseStatusFields(fields);
    if (parsed.recipients.length > 0) {
      report.standard = true;
      if (parsed.reportingMta) report.reportingMta = parsed.reportingMta;
      report.recipients = parsed.recipients;
    }
  }
  const blocks = extractTextRecipients(text, excludedAddresses(root.headers, original));
  if (report.standard) {
    for (const recipient of report.recipients) {
      const block = blocks.find((b) => b.recipient === recipient.recipient.toLowerCase());
      if (block) recipient.detail = block.text;
      else if (report.recipients.length === 1 && text.trim()) recipient.detail = squash(text);
      if (!recipient.diagnostic && recipient.detail) recipient.diagnostic = remoteReply(recipient.detail) ?? '';
    }
  } else {
    // The remote reply when the template names one (the rules read it first), the recipient's whole text otherwise;
    // the whole text stays the second source of words.
    report.recipients = blocks.map((block) => {
      const reply = remoteReply(block.text);
      const recipient: DsnRecipient = reply
        ? { recipient: block.recipient, action: 'failed', diagnostic: reply, detail: block.text }
        : { recipient: block.recipient, action: 'failed', diagnostic: block.text };
      if (block.original) recipient.originalRecipient = block.original;
      return recipient;
    });
    if (report.recipients.length === 0 && text.trim()) {
      const to = original ? firstAddress(header(original, 'to')) : undefined;
      report.recipients = [{ recipient: to ?? '', action: 'failed', diagnostic: squash(text) }];
    }
  }
  for (const recipient of report.recipients) {
    recipient.diagnostic = wholeMultilineReply(recipient.diagnostic, text);
    completeFromText(recipient, dsnRules);
  }
  return report;
}

/** Fills status, code and action a report left out, from the words and then from the DSN rules. */
function completeFromText(recipient: DsnRecipient, dsnRules: readonly DsnRule[]) {
  const words = recipient.diagnostic || recipient.detail || '';
  const stage = stageFromText(`${recipient.diagnostic} ${recipient.detail ?? ''}`);
  if (stage) recipient.stage = stage;
  recipient.code ??= codeFromText(words);
  if (!recipient.status || /^[45]\.0\.0$/.test(recipient.status)) {
    const fromText = statusFromText(words) ?? (recipient.detail ? statusFromText(recipient.detail) : undefined);
    if (fromText) recipient.status = fromText;
  }
  if (recipient.status) return;
  // The remote reply's code gives the class (RFC 5321 4.2.1): a rule whose status contradicts it read the wrong words
  // (qmail's "Giving up on 192.0.2.1." after a 550 is not a queue expiry).
  const replyClass = recipient.code ? String(recipient.code)[0] : undefined;
  const consistent =
    replyClass === '4' || replyClass === '5' ? dsnRules.filter((r) => r.status[0] === replyClass) : dsnRules;
  const rule = matchDsnRule(`${recipient.diagnostic} ${recipient.detail ?? ''}`, consistent);
  if (rule) {
    recipient.status = rule.status;
    recipient.action = rule.action;
    recipient.dsnRule = rule;
  } else if (recipient.code) {
    recipient.status = `${Math.floor(recipient.code / 100)}.0.0`;
  }
}

/**
 * The bounce inside a message that forwards one, as an attachment (message/rfc822) or inline in its text; undefined
 * when the message carries no forwarded bounce. A forwarder's own subject ("FYI") says nothing, so this is also how a
 * forwarded bounce is recognised as one.
 */
export function forwardedReport(root: MimePart): MimePart | undefined {
  return forwardedBounce(root, leafParts(root)) ?? inlineForwardedBounce(root);
}

/** Whether a message a person sent carries a bounce: forwarded (see forwardedReport) or RFC 3464 fields pasted in. */
export function carriesReport(root: MimePart): boolean {
  return forwardedReport(root) !== undefined || embeddedStatusFields(unquote(humanReadableText(root))) !== undefined;
}

/** Who writes bounces (RFC 3464 2.1's "reporting MTA" postmaster), and what their subjects say. */
const REPORT_AUTHOR = /mailer-daemon|postmaster|mail delivery|delivery subsystem/i;
const REPORT_SUBJECT = /undeliver|delivery (status|fail)|failure notice|returned mail|could not be delivered/i;

/** A bounce forwarded inline by a person or a mail client: read the forwarded report, not the forwarder's note. */
function inlineForwardedBounce(root: MimePart): MimePart | undefined {
  const inner = inlineForwarded(firstText(root));
  if (!inner) return undefined;
  const from = header(inner.headers, 'from') ?? '';
  return REPORT_AUTHOR.test(from) || REPORT_SUBJECT.test(header(inner.headers, 'subject') ?? '') ? inner : undefined;
}

/**
 * A report attached to a message: one with RFC 3464 fields, or, when a person (not a reporting MTA) sent the outer
 * message, a non-standard bounce from a MAILER-DAEMON. A bounce's own attachment is the returned original, whose author
 * is our sender, so it is never taken for the report.
 */
function forwardedBounce(root: MimePart, leaves: MimePart[]): MimePart | undefined {
  const inner = leaves.find((p) => p.type === 'message/rfc822')?.parts[0];
  if (!inner) return undefined;
  if (leafParts(inner).some((part) => STATUS_TYPES.has(part.type))) return inner;
  const forwardedByPerson = !REPORT_AUTHOR.test(header(root.headers, 'from') ?? '');
  return forwardedByPerson && REPORT_AUTHOR.test(header(inner.headers, 'from') ?? '') ? inner : undefined;
}

function findOriginal(leaves: MimePart[]): Headers | undefined {
  const part = leaves.find((p) => ORIGINAL_TYPES.has(p.type));
  return part?.parts[0]?.headers;
}

/** Some relays paste the RFC 3464 fields into the text part instead of a message/delivery-status part. */
function embeddedStatusFields(text: string): string | undefined {
  const start = text.search(/^(Reporting-MTA|Final-Recipient|Original-Recipient):/im);
  if (start < 0 || !/^Final-Recipient:/im.test(text)) return undefined;
  return text.slice(start);
}

const ADDRESS = /(?<![\w.!#$%&'*+/=?^`{|}~-])[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/;

export function firstAddress(value: string | undefined): string | undefined {
  return value ? ADDRESS.exec(value)?.[0]?.toLowerCase() : undefined;
}

/** The bounce's own addressee (our envelope sender) and the original's sender are never bounced recipients. */
function excludedAddresses(headers: Headers, original: Headers | undefined): Set<string> {
  // Delivered-To and Envelope-To name the mailbox the bounce reached (ours, before any SRS rewrite of To); not
  // X-Original-To, which dma copies from the returned message onto its bounce. The original's Return-Path is our
  // envelope sender.
  const values = [
    header(headers, 'to'),
    header(headers, 'from'),
    header(headers, 'delivered-to'),
    header(headers, 'envelope-to'),
    original && header(original, 'from'),
    original && header(original, 'return-path'),
  ];
  return new Set(values.map(firstAddress).filter((a): a is string => a !== undefined));
}
