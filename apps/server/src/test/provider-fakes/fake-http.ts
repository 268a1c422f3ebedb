import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The shared part of the provider fakes: a node:http server on loopback, a request log, and faults on demand —
 * `fail(status, {match, after, times})` answers the chosen status to matching requests (429 with Retry-After), as a
 * provider that rate-limits or breaks half-way through a migration would.
 */

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** When it arrived (ms), to check that a Retry-After was waited for. */
  at: number;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export type FakeHandler = (req: FakeRequest) => FakeAnswer | undefined;

export interface Fault {
  status: number;
  match: RegExp;
  /** Matching requests let through before the fault starts. */
  after: number;
  times: number;
  retryAfterSeconds: number;
  body: FakeAnswer;
}

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  /** Called on every request before it is answered (a test stops its runner after the n-th one). */
  onRequest: ((req: FakeRequest) => void) | undefined;
  fail(status: number, options?: Partial<Omit<Fault, 'status'>>): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, answer: FakeAnswer) {
  const body = answer.text ?? JSON.stringify(answer.json ?? {});
  res.writeHead(answer.status ?? 200, {
    'content-type': answer.text !== undefined ? 'text/plain' : 'application/json',
    ...answer.headers,
  });
  res.end(body);
}

export async function startFakeServer(
  authorize: (req: FakeRequest) => FakeAnswer | undefined,
  handle: FakeHandler,
  rateLimitBody: (fault: Fault) => FakeAnswer,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const faults: (Fault & { seen: number })[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      at: Date.now(),
    };
    requests.push(request);
    fake.onRequest?.(request);
    req.resume();
    const denied = authorize(request);
    if (denied) return send(res, denied);
    for (const fault of faults) {
      if (fault.times <= 0 || !fault.match.test(`${url.pathname}${url.search}`)) continue;
      fault.seen++;
      if (fault.seen <= fault.after) continue;
      fault.times--;
      if (fault.status === 429) return send(res, rateLimitBody(fault));
      return send(res, { status: fault.status, ...fault.body });
    }
    try {
      send(res, handle(request) ?? { status: 404, json: { message: 'Not found' } });
    } catch (error) {
      send(res, { status: 500, json: { message: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    onRequest: undefined,
    fail(status, options = {}) {
      faults.push({
        status,
        match: options.match ?? /./,
        after: options.after ?? 0,
        times: options.times ?? 1,
        retryAfterSeconds: options.retryAfterSeconds ?? 1,
        body: options.body ?? { json: { message: 'Internal error' } },
        seen: 0,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** Zero-padded so that generated addresses sort as their numbers do (Mailgun pages alphabetically). */
export const pad = (n: number) => String(n).padStart(6, '0');
