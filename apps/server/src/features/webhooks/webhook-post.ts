import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { signatureHeaders, signWebhook } from './signature.ts';
import { guardedLookup, nonPublicReason, refusedTarget, socketHost } from './webhook-target.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface PostResult {
  ok: boolean;
  /** The receiver's HTTP status; null when it could not be reached. */
  status: number | null;
  /**
   * What went wrong, for people: the status, or the network error. Never the receiver's answer: shown to the
   * customer, it would turn the webhook into a way to read whatever the URL reaches (read-back SSRF).
   */
  error: string | null;
}

export interface PostOptions {
  timeoutMs?: number;
  /**
   * Whether receivers on loopback and private networks may be called. Off in production (WEBHOOK_ALLOW_PRIVATE): a
   * customer's webhook URL must not reach the platform's own internal services (webhook-target.ts).
   */
  allowPrivate: boolean;
}

function describeFailure(error: Error & { code?: string }, timeoutMs: number): string {
  if (error.code === 'ETIMEDOUT') return `Webhook did not answer within ${timeoutMs / 1000} s`;
  if (error.code === 'EPRIVATE') return `Webhook URL not allowed: ${error.message}`;
  return `Webhook could not be reached: ${error.code ?? error.message}`;
}

/**
 * POSTs one signed webhook: the body is `{signature: {timestamp, token, signature}, ...payload}` and the signature is
 * repeated in headers. Credentials in the URL become Basic authentication. Redirects are not followed (a receiver that
 * moved answers 3xx, which counts as a failure).
 */
export function postWebhook(
  rawUrl: string,
  payload: Record<string, unknown>,
  signingKey: string,
  options: PostOptions,
): Promise<PostResult> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const signature = signWebhook(signingKey);
  const body = JSON.stringify({ signature, ...payload });
  return new Promise((resolve) => {
    const fail = (error: Error & { code?: string }) =>
      resolve({ ok: false, status: null, error: describeFailure(error, timeoutMs) });
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return fail(new Error('the URL is not valid'));
    }
    // Literal addresses skip the lookup, so they are judged here; names are judged on what they resolve to.
    const host = socketHost(url);
    const reason = !options.allowPrivate && isIP(host) ? nonPublicReason(host) : undefined;
    if (reason) return fail(refusedTarget(host, host, reason));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        // A connection of its own: a pooled keep-alive socket would skip the lookup, and with it the check.
        agent: false,
        lookup: guardedLookup(options.allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Mailwright-Webhooks/1.0',
          ...signatureHeaders(signature),
        },
      },
      (response) => {
        // The answer's body is read and dropped: only the status is kept (see PostResult.error).
        response.resume();
        response.on('error', fail);
        response.on('end', () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve({ ok: true, status, error: null });
          resolve({ ok: false, status, error: `Webhook answered ${status}` });
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    request.end(body);
  });
}
