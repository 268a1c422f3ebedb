import type { DsnRule } from './dsn-rules.ts';
import { header, parseHeaders } from './mime.ts';
import type { SmtpStage } from './smtp-stage.ts';
import { statusFromText } from './status-codes.ts';
import { squash } from './text-bounce.ts';

// RFC 3464's per-recipient fields: which address a report is about, what happened to it, in what words.

/** One recipient of a bounce, as RFC 3464 section 2.3 describes it (or as recovered from a non-standard bounce). */
export type DsnRecipient = {
  recipient: string;
  originalRecipient?: string;
  /** failed | delayed | delivered | relayed | expanded (RFC 3464 2.3.3). */
  action: string;
  /** RFC 3463 enhanced status, e.g. "5.1.1"; absent when neither the report nor a DSN rule gives one. */
  status?: string;
  /** SMTP reply code found in the diagnostic, e.g. 550. */
  code?: number;
  /** The remote server's words (Diagnostic-Code without its type), on one line. */
  diagnostic: string;
  /** What the human-readable part says about this recipient; a second source of words for classification. */
  detail?: string;
  remoteMta?: string;
  /** The SMTP command the remote server refused, when the bounce says. */
  stage?: SmtpStage;
  /** The DSN rule that supplied status/action for a non-standard bounce. */
  dsnRule?: DsnRule;
};

export type StatusFields = { reportingMta?: string; recipients: DsnRecipient[] };

/** RFC 3464 2.1: per-message fields, then one group of per-recipient fields for each recipient. */
export function parseStatusFields(fields: string): StatusFields {
  const result: StatusFields = { recipients: [] };
  for (const group of recipientGroups(fields)) {
    const h = parseHeaders(group);
    const reportingMta = header(h, 'reporting-mta');
    if (reportingMta && !result.reportingMta) result.reportingMta = typed(reportingMta);
    const finalRecipient = reportedRecipient(
      header(h, 'final-recipient'),
      header(h, 'original-recipient') ?? header(h, 'x-actual-recipient'),
    );
    if (!finalRecipient) continue;
    const recipient: DsnRecipient = {
      recipient: finalRecipient,
      action: normalAction(header(h, 'action')),
      diagnostic: meaningful(squash(typed(header(h, 'diagnostic-code') ?? ''))),
    };
    const original = header(h, 'original-recipient');
    if (original) recipient.originalRecipient = bareAddress(typed(original));
    const status = statusFromText(header(h, 'status') ?? '');
    if (status) recipient.status = status;
    const remote = header(h, 'remote-mta');
    if (remote) recipient.remoteMta = typed(remote);
    result.recipients.push(recipient);
  }
  return result;
}

/**
 * Field groups, normally separated by empty lines (RFC 3464 2.1); some MTAs run the recipients' groups together, so a
 * second Final-Recipient (or a second Original-Recipient) also starts a new group.
 */
function recipientGroups(fields: string): string[] {
  const groups: string[] = [];
  for (const block of fields.replace(/\r\n/g, '\n').split(/\n[ \t]*\n/)) {
    let current: string[] = [];
    let seen = { final: false, original: false };
    for (const line of block.trim().split('\n')) {
      const field = /^(final|original)-recipient\s*:/i.exec(line)?.[1]?.toLowerCase();
      if ((field === 'final' && seen.final) || (field === 'original' && seen.original)) {
        groups.push(current.join('\n'));
        current = [];
        seen = { final: false, original: false };
      }
      if (field === 'final') seen.final = true;
      if (field === 'original') seen.original = true;
      current.push(line);
    }
    groups.push(current.join('\n'));
  }
  return groups;
}

/** RFC 3464 2.3.3 actions; non-standard "expired" (SendGrid and others) is a final failure. */
function normalAction(value: string | undefined): string {
  const action = (value ?? 'failed').trim().toLowerCase().split(/[\s(]/)[0] ?? 'failed';
  // Not RFC 3464's words, but older MTAs' for the same final failure ("Action: error").
  return action === 'expired' || action === 'failure' || action === 'error' || action === '' ? 'failed' : action;
}

/**
 * The recipient a report is about: its Final-Recipient (RFC 3464 2.3.2), unless that is no Internet mail address (an
 * X.400 address, or a gateway's internal name such as Sun Messaging Server's "user@sims-ms-daemon") and the
 * Original-Recipient, the address as the sender gave it (2.3.1), is one.
 */
function reportedRecipient(final: string | undefined, original: string | undefined): string | undefined {
  const finalAddress = final === undefined ? undefined : bareAddress(typed(final));
  const originalAddress = original === undefined ? undefined : bareAddress(typed(original));
  if (finalAddress && isInternetAddress(final ?? '', finalAddress)) return finalAddress;
  if (originalAddress && isInternetAddress(original ?? '', originalAddress)) return originalAddress;
  return finalAddress ?? originalAddress;
}

function isInternetAddress(field: string, address: string): boolean {
  const type = /^\s*([\w-]+)\s*;/.exec(field)?.[1]?.toLowerCase();
  return (!type || type === 'rfc822' || type === 'utf-8') && /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/.test(address);
}

/** Drops the RFC 3464 type prefix ("rfc822;", "smtp;", "dns;"). */
function typed(value: string): string {
  return value.replace(/^\s*[\w-]+\s*;\s*/, '').trim();
}

function bareAddress(value: string): string {
  const angle = /<([^<>]*)>/.exec(value);
  return (angle?.[1] ?? value).trim().replace(/^"|"$/g, '');
}

/** Sendmail puts a mailer's bare exit code ("77") in Diagnostic-Code: that says nothing a rule could use. */
function meaningful(diagnostic: string): string {
  return /^\d{1,3}$/.test(diagnostic) ? '' : diagnostic;
}
