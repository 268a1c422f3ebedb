/**
 * The one way the importers call a provider: JSON over HTTPS to the operator-set base URL, with the provider's
 * rate limits honoured. A 429 waits for Retry-After (or Mailgun's `retry-seconds`, or SendGrid's X-RateLimit-Reset),
 * a 5xx or a network error is retried with exponential backoff; a wait longer than `maxInlineWaitMs` is handed back to
 * the runner as ProviderRetryLater, which parks the migration (not_before) instead of holding a worker.
 */

export class ProviderAuthError extends Error {
  readonly status: number;
  constructor(status: number, reason: string) {
    super(reason);
    this.status = status;
  }
}

export class ProviderRetryLater extends Error {
  readonly waitMs: number;
  constructor(waitMs: number, reason: string) {
    super(reason);
    this.waitMs = waitMs;
  }
}

export class ProviderError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface ProviderClient {
  /** Origin and path prefix every URL must start with (a `next` link from the provider included). */
  base: string;
  headers: Record<string, string>;
  maxAttempts?: number;
  maxInlineWaitMs?: number;
  /** Backoff base; tests shorten it. */
  backoffMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the provider said, in its own words: Mailgun text or {message}, SendGrid {errors[]}, Postmark {Message}. */
export function providerReason(status: number, body: string): string {
  try {
    const json = JSON.parse(body) as { message?: unknown; Message?: unknown; errors?: { message?: unknown }[] };
    const text = json.message ?? json.Message ?? json.errors?.[0]?.message;
    if (typeof text === 'string' && text) return text.slice(0, 300);
  } catch {
    // Mailgun answers a bad key with plain text ("Forbidden").
  }
  return body.trim().slice(0, 300) || `HTTP ${status}`;
}

function retryAfterMs(res: Response, body: string, attempt: number, backoffMs: number): number {
  const header = res.headers.get('retry-after');
  if (header && /^\d+$/.test(header.trim())) return Number(header) * 1000;
  if (header && !Number.isNaN(Date.parse(header))) return Math.max(0, Date.parse(header) - Date.now());
  try {
    const seconds = (JSON.parse(body) as Record<string, unknown>)['retry-seconds'];
    if (typeof seconds === 'number') return seconds * 1000;
  } catch {
    // not JSON: fall through to the headers and the backoff
  }
  const reset = res.headers.get('x-ratelimit-reset');
  if (reset && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - Date.now());
  return backoffMs * 2 ** attempt;
}

/** A URL the provider handed us (a next page) is only followed on the configured host: no detour elsewhere. */
export function resolveUrl(client: ProviderClient, pathOrUrl: string): string {
  const url = new URL(pathOrUrl, client.base);
  const base = new URL(client.base);
  if (url.origin !== base.origin) throw new ProviderError(0, `The provider sent a link to another host (${url.host})`);
  return url.toString();
}

export async function getJson<T>(client: ProviderClient, pathOrUrl: string): Promise<{ body: T; headers: Headers }> {
  const url = resolveUrl(client, pathOrUrl);
  const maxAttempts = client.maxAttempts ?? 6;
  const backoffMs = client.backoffMs ?? 500;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json', ...client.headers } });
    } catch (error) {
      if (attempt + 1 >= maxAttempts) throw new ProviderError(0, `The provider could not be reached: ${String(error)}`);
      await sleep(backoffMs * 2 ** attempt);
      continue;
    }
    const text = await res.text();
    if (res.ok) return { body: JSON.parse(text) as T, headers: res.headers };
    if (res.status === 401 || res.status === 403)
      throw new ProviderAuthError(res.status, providerReason(res.status, text));
    const retryable = res.status === 429 || res.status >= 500;
    if (!retryable || attempt + 1 >= maxAttempts) {
      throw new ProviderError(res.status, `${providerReason(res.status, text)} (HTTP ${res.status})`);
    }
    const wait = res.status === 429 ? retryAfterMs(res, text, attempt, backoffMs) : backoffMs * 2 ** attempt;
    if (wait > (client.maxInlineWaitMs ?? 5000))
      throw new ProviderRetryLater(wait, 'The provider asked us to slow down');
    // Jitter keeps several runners from retrying in step.
    await sleep(wait + Math.floor(Math.random() * 50));
  }
}
