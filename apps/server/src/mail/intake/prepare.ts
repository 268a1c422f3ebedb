import { randomBytes } from 'node:crypto';
import { unsubscribeToken } from '../mail-tokens.ts';
import { belongsToDomain, parseAddressList } from '../message/addresses.ts';
import { signMessage } from '../message/dkim.ts';
import {
  countHeader,
  decodeEncodedWords,
  headerField,
  headerValue,
  joinMessage,
  safeHeaderValue,
  splitMessage,
} from '../message/headers.ts';
import { trackMessage } from '../tracking/rewrite-links.ts';
import { badField, foreignFrom } from './intake-error.ts';
import type { SendingDomain } from './sending-domain.ts';

export interface PreparedMessage {
  raw: Buffer;
  messageIdHeader: string;
  from: string;
  subject: string;
}

// Headers a submitting client must not set on our behalf: Bcc would disclose the blind copies, Return-Path is the
// final MTA's to write (RFC 5321 4.4), and our own Feedback-ID identifies the sender to mailbox providers.
const DROPPED = new Set(['bcc', 'return-path', 'feedback-id']);

const newMessageId = (domain: string) => `${Date.now().toString(36)}.${randomBytes(9).toString('base64url')}@${domain}`;

/**
 * The pipeline between intake and storage: checks the From header, adds Message-ID, Date, List-Unsubscribe with
 * RFC 8058 one-click, Feedback-ID, and DKIM-signs the result with the domain's key. Once per message.
 */
export async function prepareMessage(
  raw: Buffer,
  options: { domain: SendingDomain; recipients: readonly string[]; tags: readonly string[]; secret: Buffer },
): Promise<PreparedMessage> {
  const { domain } = options;
  const { headers, body } = splitMessage(raw);
  if (countHeader(headers, 'from') !== 1) {
    throw badField('from', 'The message must have exactly one From header');
  }
  const fromList = parseAddressList(headerValue(headers, 'from'));
  const from = fromList[0]?.address;
  if (fromList.length !== 1 || !from) throw badField('from', 'The From header must hold one address');
  if (!belongsToDomain(from, domain.name)) throw foreignFrom(from, domain.name);

  const kept = headers.filter((h) => !DROPPED.has(h.key));
  const added = [];
  let messageIdHeader = headerValue(headers, 'message-id')?.match(/^<([^<>\s]+@[^<>\s]+)>$/)?.[1];
  if (!messageIdHeader || countHeader(headers, 'message-id') !== 1) {
    messageIdHeader = newMessageId(domain.name);
    added.push(headerField('Message-ID', `<${messageIdHeader}>`));
  }
  if (!headerValue(headers, 'date')) added.push(headerField('Date', new Date().toUTCString().replace('GMT', '+0000')));
  if (domain.unsubscribeTracking && !headerValue(headers, 'list-unsubscribe')) {
    // One link per message: it names the recipient when there is exactly one (the usual case for transactional mail).
    const recipient = options.recipients.length === 1 ? (options.recipients[0] as string) : '';
    const token = unsubscribeToken(options.secret, { domainId: domain.id, recipient, messageId: messageIdHeader });
    added.push(headerField('List-Unsubscribe', `<https://${domain.trackingHost}/unsubscribe/${token}>`));
    added.push(headerField('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'));
  }
  // Feedback-ID (Gmail feedback loop): campaign:customer:domain:sender, the first field being the first tag.
  const campaign = safeHeaderValue(options.tags[0] ?? 'default').replace(/[:\s]/g, '_') || 'default';
  added.push(headerField('Feedback-ID', `${campaign}:${domain.customerId}:${domain.id}:mailwright`));

  const joined = joinMessage([...added, ...kept], body);
  // Open pixel and click redirects (issue 6), signed for this message (and its recipient when it has one).
  const unsigned = trackMessage(joined, {
    trackingBaseUrl: `https://${domain.trackingHost}`,
    domainId: domain.id,
    messageId: messageIdHeader,
    recipient: options.recipients.length === 1 ? (options.recipients[0] as string) : '',
    secret: options.secret,
    opens: domain.openTracking,
    clicks: domain.clickTracking,
  });
  const signed = signMessage(unsigned, {
    domain: domain.name,
    selector: domain.dkimSelector,
    privateKeyPem: domain.dkimPrivateKey,
  });
  return { raw: signed, messageIdHeader, from, subject: decodeEncodedWords(headerValue(headers, 'subject') ?? '') };
}
