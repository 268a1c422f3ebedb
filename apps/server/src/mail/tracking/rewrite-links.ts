import { unsubscribeToken } from '../mail-tokens.ts';
import { transformHtmlParts } from './mime-html.ts';
import { signTrackingToken } from './tracking-tokens.ts';

export interface TrackingOptions {
  /** The domain's tracking host as a base URL, e.g. `https://mwt.example.com`. */
  trackingBaseUrl: string;
  domainId: number;
  /** The Message-ID header, without angle brackets. */
  messageId: string;
  /** The recipient's address (each recipient's copy has links of its own: tracking/personalize.ts). */
  recipient: string;
  secret: Buffer;
  clicks: boolean;
  opens: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** An attribute value as the browser reads it: &amp; and numeric references decoded. */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

// <a ... href="..."> with a double- or single-quoted value; the attributes before href are kept as they are. They
// hold no < (an anchor with one is left untracked): else every "<a" of a long run without ">" was scanned to the end
// of the body, a quadratic search a customer's HTML could make last minutes (issue 10 item 6).
const ANCHOR = /<a\b([^<>]*?)\bhref\s*=\s*(["'])(.*?)\2/gis;

/**
 * Rewrites the http(s) links of an HTML body to go through the click redirect and adds the open pixel, each signed
 * for this message and recipient. Links marked `data-mw-notrack`, our own unsubscribe links and links already
 * pointing at the tracking host are left alone, as are mailto:, tel: and in-page anchors.
 */
export function rewriteLinksForTracking(html: string, options: TrackingOptions): string {
  const base = options.trackingBaseUrl.replace(/\/$/, '');
  const claim = { domainId: options.domainId, messageId: options.messageId, recipient: options.recipient };
  let result = html;
  if (options.clicks) {
    result = result.replace(ANCHOR, (whole, before: string, quote: string, href: string) => {
      const url = decodeAttribute(href.trim());
      if (!/^https?:\/\//i.test(url) || url.startsWith(base) || /\bdata-mw-notrack\b/i.test(whole)) return whole;
      const token = signTrackingToken(options.secret, { kind: 'click', ...claim, url });
      return `<a${before}href=${quote}${base}/t/c/${token}${quote}`;
    });
  }
  if (options.opens) {
    const token = signTrackingToken(options.secret, { kind: 'open', ...claim });
    const pixel = `<img src="${base}/t/o/${token}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
    // The last </body>, found in one pass (a lookahead to the end from each of them was quadratic).
    const end = [...result.matchAll(/<\/body\s*>/gi)].at(-1)?.index ?? -1;
    result = end >= 0 ? `${result.slice(0, end)}${pixel}${result.slice(end)}` : `${result}${pixel}`;
  }
  return result;
}

/** The unsubscribe page and RFC 8058 one-click address of a message (the List-Unsubscribe header's link). */
export function unsubscribeUrl(
  secret: Buffer,
  options: { trackingBaseUrl: string; domainId: number; recipient: string; messageId: string },
): string {
  const token = unsubscribeToken(secret, {
    domainId: options.domainId,
    recipient: options.recipient,
    messageId: options.messageId,
  });
  return `${options.trackingBaseUrl.replace(/\/$/, '')}/unsubscribe/${token}`;
}

/**
 * Click and open tracking for a whole MIME message (personalizeMessage calls it for each recipient's copy, before
 * DKIM signing, when the domain tracks opens or clicks): every inline HTML part is rewritten; plain text and
 * attachments are left alone.
 */
export function trackMessage(raw: Buffer, options: TrackingOptions): Buffer {
  if (!options.opens && !options.clicks) return raw;
  return transformHtmlParts(raw, (html) => rewriteLinksForTracking(html, options));
}
