import { type HeaderField, headerField, joinMessage, splitMessage } from '../message/headers.ts';
import { trackMessage, unsubscribeUrl } from './rewrite-links.ts';

/** What each recipient's copy of a message gets of its own (stored with a message sent to several recipients). */
export interface Personalization {
  /** List-Unsubscribe with RFC 8058 one-click. */
  unsubscribe: boolean;
  opens: boolean;
  clicks: boolean;
  /** The domain's tracking host as a base URL, e.g. `https://mwt.example.com`. */
  trackingBaseUrl: string;
}

/** Whom a copy is for: the tokens name the message (domain, Message-ID) and the recipient. */
export interface CopyFor {
  domainId: number;
  /** The Message-ID header, without angle brackets. */
  messageId: string;
  recipient: string;
  secret: Buffer;
}

const TRACE = new Set(['received', 'return-path']);

/** The recipient's List-Unsubscribe link and RFC 8058 one-click fields; none when the copy has no link of its own. */
export function unsubscribeFields(p: Personalization, copy: CopyFor): HeaderField[] {
  if (!p.unsubscribe) return [];
  const url = unsubscribeUrl(copy.secret, { trackingBaseUrl: p.trackingBaseUrl, ...copy });
  return [
    headerField('List-Unsubscribe', `<${url}>`),
    headerField('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
  ];
}

/** The recipient's open pixel and click redirects in the HTML parts. */
export const trackCopy = (raw: Buffer, p: Personalization, copy: CopyFor): Buffer =>
  trackMessage(raw, { trackingBaseUrl: p.trackingBaseUrl, ...copy, opens: p.opens, clicks: p.clicks });

/**
 * One recipient's copy of a message (not yet DKIM-signed): its own List-Unsubscribe link and RFC 8058 one-click
 * (inserted below the trace fields, which stay on top, RFC 5322 3.6), its own open pixel and click redirects. Each
 * token names the recipient, so an unsubscribe, open or click is recorded for the person who made it.
 */
export function personalizeMessage(raw: Buffer, p: Personalization, copy: CopyFor): Buffer {
  let message = raw;
  const added = unsubscribeFields(p, copy);
  if (added.length) {
    const { headers, body } = splitMessage(raw);
    const at = headers.findIndex((h) => !TRACE.has(h.key));
    const position = at < 0 ? headers.length : at;
    message = joinMessage([...headers.slice(0, position), ...added, ...headers.slice(position)], body);
  }
  return trackCopy(message, p, copy);
}

/** Whether a message needs a copy of its own per recipient at all. */
export const isPersonal = (p: Personalization) => p.unsubscribe || p.opens || p.clicks;
