import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { signatureHeaders, signWebhook } from './signature.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface PostResult {
  ok: boolean;
  /** The receiver's HTTP status; null when it could not be reached. */
  status: number | null;
  /** What went wrong, for people: the status and the start of the answer, or the network error. */
  error: string | null;
}

export interface PostOptions {
  timeoutMs?: number;
  /**
   * Whether receivers on loopback and private networks may be called. Off in production (WEBHOOK_ALLOW_PRIVATE): a
   * customer's webhook URL must not reach the platform's own internal services.
   */
  allowPrivate: boolean;
}

const V4_PRIVATE: [number, number][] = [
  [0x00000000, 8], // "this" network
  [0x0a000000, 8],
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8],
  [0xa9fe0000, 16], // link-local, cloud metadata
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15], // benchmarking
  [0xe0000000, 3], // multicast and reserved
];

/** Whether an address is on the public internet (not loopback, private, link-local, multicast or reserved). */
export function isPublicAddress(address: string): boolean {
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  const v4 = mapped?.[1] ?? (isIP(address) === 4 ? address : null);
  if (v4) {
    const n = v4.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
    return !V4_PRIVATE.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
  }
  const v6 = address.toLowerCase();
  return !(v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('ff'));
}

const refused = (host: string, address: string) =>
  Object.assign(new Error(`${host} is a private address (${address})`), { code: 'EPRIVATE' });

/** DNS lookup that refuses private answers: checked on the address actually connected to (no rebinding window). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, answers) => {
      const list = (answers ?? []) as LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (error || bad || !list[0]) {
        const failure = error ?? refused(hostname, bad?.address ?? 'none');
        return options.all ? callback(failure, []) : callback(failure, '', 0);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
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
    // Literal addresses skip DNS, so they are checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) && !isPublicAddress(host)) return fail(refused(host, host));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Mailwright-Webhooks/1.0',
          ...signatureHeaders(signature),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < 300) text += chunk;
        });
        response.on('error', fail);
        response.on('end', () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          const answer = text.trim().slice(0, 300);
          if (status >= 200 && status < 300) return resolve({ ok: true, status, error: null });
          resolve({ ok: false, status, error: `Webhook answered ${status}${answer ? `: ${answer}` : ''}` });
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
