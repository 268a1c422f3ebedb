/** What a tracking request tells about who made it. */
export interface TrackingRequest {
  method: string;
  userAgent: string | undefined;
  ip: string;
  /** Seconds between the recipient's delivery and this request; null when the delivery is not known. */
  secondsSinceDelivery: number | null;
}

// Mail privacy proxies fetch every image when a message arrives or is opened, whatever the person does.
const PROXIES: [RegExp, string][] = [
  [/GoogleImageProxy|ggpht\.com/i, 'google-image-proxy'],
  [/YahooMailProxy/i, 'yahoo-mail-proxy'],
];

// Mail security gateways and link scanners fetch links to check them; generic HTTP clients are never people.
const SCANNERS =
  /barracuda|proofpoint|mimecast|messagelabs|symantec|trend ?micro|forcepoint|fireeye|sonicwall|ironport|sophos|fortinet|fortiguard|zscaler|avanan|safelinks|urldefense|checkpoint|cloudmark|bitdefender|kaspersky|\bbot\b|bot\/|crawler|spider|headlesschrome|phantomjs|curl\/|wget\/|python-requests|python-urllib|aiohttp|go-http-client|okhttp|java\/|libwww-perl|axios\/|node-fetch|undici/i;

/** Apple's Mail Privacy Protection fetches from Apple's own network, 17.0.0.0/8. */
const isAppleNetwork = (ip: string) => /^(?:::ffff:)?17\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);

/** A scanner clicks (or loads) within moments of delivery; people take longer. */
export const TOO_FAST_SECONDS = 2;

/**
 * Whether an open or click was made by a machine, and why. Such events are kept and flagged (`bot`), never dropped,
 * so statistics can show them or leave them out.
 */
export function detectBot(request: TrackingRequest): { bot: boolean; reason: string | null } {
  const agent = request.userAgent?.trim() ?? '';
  if (request.method === 'HEAD') return { bot: true, reason: 'head-request' };
  if (!agent) return { bot: true, reason: 'no-user-agent' };
  for (const [pattern, reason] of PROXIES) if (pattern.test(agent)) return { bot: true, reason };
  if (isAppleNetwork(request.ip)) return { bot: true, reason: 'apple-privacy-proxy' };
  if (SCANNERS.test(agent)) return { bot: true, reason: 'scanner' };
  if (request.secondsSinceDelivery !== null && request.secondsSinceDelivery < TOO_FAST_SECONDS) {
    return { bot: true, reason: 'too-fast' };
  }
  return { bot: false, reason: null };
}
