import { createHmac, randomBytes } from 'node:crypto';

/** What a receiver checks (docs/webhooks.md): like Mailgun's, so existing verification code keeps working. */
export interface WebhookSignature {
  /** Unix time in seconds, as a string. */
  timestamp: string;
  /** 50 random hex characters, unique per delivery: receivers may refuse a token they have seen (replays). */
  token: string;
  /** hex HMAC-SHA256 of timestamp + token, keyed with the account's signing key. */
  signature: string;
}

export function signWebhook(signingKey: string, now = new Date()): WebhookSignature {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const token = randomBytes(25).toString('hex');
  const signature = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
  return { timestamp, token, signature };
}

/** The same three values as headers, for receivers that verify before parsing the body. */
export function signatureHeaders(signature: WebhookSignature): Record<string, string> {
  return {
    'x-mailwright-timestamp': signature.timestamp,
    'x-mailwright-token': signature.token,
    'x-mailwright-signature': signature.signature,
  };
}
