import { signatureHeaders, signWebhook } from './signature.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface PostResult {
  ok: boolean;
  /** The receiver's HTTP status; null when it could not be reached. */
  status: number | null;
  /** What went wrong, for people: the status and the start of the answer, or the network error. */
  error: string | null;
}

/** Credentials in the URL (https://user:pass@host/…) become Basic authentication: fetch refuses them in URLs. */
function splitCredentials(raw: string): { url: string; authorization: string | null } {
  const url = new URL(raw);
  if (!url.username && !url.password) return { url: raw, authorization: null };
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { url: url.toString(), authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` };
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `Webhook did not answer within ${timeoutMs / 1000} s`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `Webhook could not be reached: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

/**
 * POSTs one signed webhook: the body is `{signature: {timestamp, token, signature}, ...payload}` and the signature is
 * repeated in headers. Redirects are not followed (a receiver that moved answers 3xx, which counts as a failure).
 */
export async function postWebhook(
  rawUrl: string,
  payload: Record<string, unknown>,
  signingKey: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<PostResult> {
  const signature = signWebhook(signingKey);
  try {
    const { url, authorization } = splitCredentials(rawUrl);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mailwright-Webhooks/1.0',
        ...signatureHeaders(signature),
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({ signature, ...payload }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await response.text().catch(() => '')).trim().slice(0, 300);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, error: null };
    return {
      ok: false,
      status: response.status,
      error: `Webhook answered ${response.status}${text ? `: ${text}` : ''}`,
    };
  } catch (error) {
    return { ok: false, status: null, error: describeFailure(error, timeoutMs) };
  }
}
