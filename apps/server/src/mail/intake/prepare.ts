import { randomBytes } from 'node:crypto';
import { belongsToDomain, parseMailbox } from '../message/addresses.ts';
import { signMessageAsync } from '../message/dkim.ts';
import {
  countHeader,
  decodeEncodedWords,
  type HeaderField,
  headerField,
  headerValue,
  joinMessage,
  safeHeaderValue,
  splitMessage,
} from '../message/headers.ts';
import { toCrlf } from '../message/line-ends.ts';
import { isPersonal, type Personalization, trackCopy, unsubscribeFields } from '../tracking/personalize.ts';
import { badField, foreignFrom } from './intake-error.ts';
import type { SendingDomain } from './sending-domain.ts';

export interface PreparedMessage {
  raw: Buffer;
  messageIdHeader: string;
  from: string;
  subject: string;
  /** UTF-8 in the header fields or the recipients' addresses: the message needs SMTPUTF8 (RFC 6531, RFC 6532). */
  utf8: boolean;
  /** Set when `raw` is the unsigned message each recipient's copy is made from at delivery (deliver.ts). */
  personalize: Personalization | null;
}

/** Where a message came from, for its Received: trace field (RFC 5321 4.4). */
export interface Trace {
  /** The client's EHLO/HELO name, or "api" for the HTTP APIs. */
  from: string;
  ip: string | null;
  /** The WITH protocol (RFC 3848, RFC 6531): ESMTPSA, UTF8SMTPSA, HTTP, … */
  protocol: string;
  /** MAIL_HOSTNAME. */
  by: string;
}

// Headers a submitting client must not set on our behalf: Bcc would disclose the blind copies, Return-Path is the
// final MTA's to write (RFC 5321 4.4), and our own Feedback-ID identifies the sender to mailbox providers.
const DROPPED = new Set(['bcc', 'return-path', 'feedback-id']);

const newMessageId = (domain: string) => `${Date.now().toString(36)}.${randomBytes(9).toString('base64url')}@${domain}`;

/**
 * The pipeline between intake and storage: makes line ends CRLF, checks the From header, adds a Received: trace
 * field, Message-ID, Date and Feedback-ID, then each recipient's List-Unsubscribe (RFC 8058 one-click), open pixel
 * and click redirects, and DKIM-signs the result with the domain's key. A message to one recipient is finished here,
 * signed once; one to several, with links of their own, is stored unsigned and finished per recipient at delivery.
 */
export async function prepareMessage(
  submitted: Buffer,
  options: {
    domain: SendingDomain;
    recipients: readonly string[];
    tags: readonly string[];
    secret: Buffer;
    trace: Trace;
  },
): Promise<PreparedMessage> {
  const { domain } = options;
  // SMTP carries CRLF lines (RFC 5321 2.3.8): what is parsed, signed, stored and sent are the same bytes.
  const raw = toCrlf(submitted);
  const { headers, body } = splitMessage(raw);
  if (countHeader(headers, 'from') !== 1) {
    throw badField('from', 'The message must have exactly one From header');
  }
  // The one address grammar of every way in (RFC 5322 name-addr, RFC 5321 mailbox): exactly one mailbox.
  const fromHeader = parseMailbox(headerValue(headers, 'from') ?? '');
  if (!fromHeader.ok) throw badField('from', `The From header must hold one address: it ${fromHeader.error}`);
  const from = fromHeader.mailbox.address;
  if (!belongsToDomain(from, domain.name)) throw foreignFrom(from, domain.name);

  const kept = headers.filter((h) => !DROPPED.has(h.key));
  const received = headerField('Received', receivedValue(options.trace));
  const added: HeaderField[] = [];
  let messageIdHeader = headerValue(headers, 'message-id')?.match(/^<([^<>\s]+@[^<>\s]+)>$/)?.[1];
  if (!messageIdHeader || countHeader(headers, 'message-id') !== 1) {
    messageIdHeader = newMessageId(domain.name);
    added.push(headerField('Message-ID', `<${messageIdHeader}>`));
  }
  if (!headerValue(headers, 'date')) added.push(headerField('Date', rfc5322Date(new Date())));
  // Feedback-ID (Gmail feedback loop): campaign:customer:domain:sender, the first field being the first tag.
  const campaign = safeHeaderValue(options.tags[0] ?? 'default').replace(/[:\s]/g, '_') || 'default';
  added.push(headerField('Feedback-ID', `${campaign}:${domain.customerId}:${domain.id}:mailwright`));

  const utf8 = NON_ASCII.test(headers.map((h) => h.line).join('')) || options.recipients.some((r) => NON_ASCII.test(r));
  const subject = decodeEncodedWords(headerValue(headers, 'subject') ?? '');
  const personalize: Personalization = {
    unsubscribe: domain.unsubscribeTracking && !headerValue(headers, 'list-unsubscribe'),
    opens: domain.openTracking,
    clicks: domain.clickTracking,
    trackingBaseUrl: domain.trackingBaseUrl,
  };
  if (options.recipients.length > 1 && isPersonal(personalize)) {
    const template = joinMessage([received, ...added, ...kept], body);
    return { raw: template, messageIdHeader, from, subject, utf8, personalize };
  }
  // One recipient: its links go in now (below Received, as personalizeMessage puts them) and it is signed once.
  const own = {
    domainId: domain.id,
    messageId: messageIdHeader,
    recipient: options.recipients[0] ?? '',
    secret: options.secret,
  };
  const joined = joinMessage([received, ...unsubscribeFields(personalize, own), ...added, ...kept], body);
  const copy = trackCopy(joined, personalize, own);
  const signed = await signMessageAsync(copy, {
    domain: domain.name,
    selector: domain.dkimSelector,
    privateKeyPem: domain.dkimPrivateKey,
  });
  return { raw: signed, messageIdHeader, from, subject, utf8, personalize: null };
}

const NON_ASCII = /[\u0080-\uffff]/;

const rfc5322Date = (date: Date) => date.toUTCString().replace('GMT', '+0000');

/**
 * `from <EHLO name> ([ip]) by <MAIL_HOSTNAME> (Mailwright) with <protocol> id <id>; <date>` (RFC 5321 4.4, RFC 5322
 * 3.6.7). The EHLO name is the client's word: only printable ASCII without comment or literal delimiters is kept.
 */
function receivedValue(trace: Trace): string {
  const from = trace.from.replace(/[^\x21-\x7e]|[()[\];\\]/g, '').slice(0, 255) || 'unknown';
  // RFC 5321 4.1.3 address literals: [192.0.2.1], [IPv6:2001:db8::1]; an IPv4-mapped address is the IPv4 one.
  const address = trace.ip?.replace(/^::ffff:(?=\d+\.)/i, '');
  const ip = address ? ` ([${address.includes(':') ? `IPv6:${address}` : address}])` : '';
  const id = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  return `from ${from}${ip} by ${trace.by} (Mailwright) with ${trace.protocol} id ${id}; ${rfc5322Date(new Date())}`;
}
