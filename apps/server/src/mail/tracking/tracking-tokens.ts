import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What an open pixel or a tracked link stands for. The message is named by its Message-ID (and domain), the
 * recipient by address: both are known when the copy is made, before (at intake) or without (at delivery) its row ids.
 * Every recipient's copy has tokens of its own; '' comes only in links of messages sent before that was so.
 */
export type TrackingClaim =
  | { kind: 'open'; domainId: number; messageId: string; recipient: string }
  | { kind: 'click'; domainId: number; messageId: string; recipient: string; url: string };

const KIND_CODE = { open: 'o', click: 'c' } as const;

const mac = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(`track:${payload}`).digest('base64url').slice(0, 22);

/** `<payload>.<mac>`: base64url JSON and 132 bits of HMAC-SHA256, so links cannot be forged or edited. */
export function signTrackingToken(secret: Buffer, claim: TrackingClaim): string {
  const fields: unknown[] = [KIND_CODE[claim.kind], claim.domainId, claim.messageId, claim.recipient];
  if (claim.kind === 'click') fields.push(claim.url);
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The claim of a token we signed, or null when it is malformed or was tampered with. */
export function verifyTrackingToken(secret: Buffer, token: string): TrackingClaim | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  try {
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    const [kind, domainId, messageId, recipient, url] = fields;
    if (typeof domainId !== 'number' || typeof messageId !== 'string' || typeof recipient !== 'string') return null;
    if (kind === 'o') return { kind: 'open', domainId, messageId, recipient };
    if (kind === 'c' && typeof url === 'string') return { kind: 'click', domainId, messageId, recipient, url };
    return null;
  } catch {
    return null;
  }
}
