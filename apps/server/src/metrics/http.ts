import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from './registry.ts';

export interface MetricsAnswer {
  status: number;
  contentType: string;
  body: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * /metrics: Prometheus text format for `Authorization: Bearer <METRICS_TOKEN>`; 401 without it; 404 while no token
 * is set (metrics are off, so nobody learns queue sizes or customer counts by guessing the path).
 */
export async function metricsAnswer(
  token: string | undefined,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  const json = 'application/json; charset=utf-8';
  if (!token) return { status: 404, contentType: json, body: JSON.stringify({ message: 'Not found' }) };
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  // Compared as digests: equal lengths, and the time taken says nothing about how much of the token matched.
  if (!timingSafeEqual(digest(given), digest(token))) {
    return { status: 401, contentType: json, body: JSON.stringify({ message: 'Unauthorized' }) };
  }
  return { status: 200, contentType: registry.contentType, body: await registry.metrics() };
}

/** For processes without the api role (smtp, worker): /metrics on a port of their own (METRICS_PORT). */
export async function startMetricsServer(
  port: number,
  host: string,
  token: string | undefined,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://metrics').pathname;
    const answer =
      req.method === 'GET' && path === '/metrics'
        ? metricsAnswer(token, req.headers.authorization)
        : Promise.resolve({ status: 404, contentType: 'text/plain', body: 'Not found' });
    void answer.then(
      (a) => res.writeHead(a.status, { 'content-type': a.contentType }).end(a.body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
