import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MailEnv, startMailEnv } from '../mail/testing/mail-env.ts';
import { freePort } from '../mail/testing/server-process.ts';
import { metricsAnswer, startMetricsServer } from './http.ts';
import { startMetrics } from './registry.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const TOKEN = 'metrics-token-0123456789';
let env: MailEnv;
let origin: string;

beforeAll(async () => {
  env = await startMailEnv({ metricsToken: TOKEN });
  // What server.ts does at start: the per-process defaults and the gauges read from this database.
  startMetrics(env.t.deps.db, ['api', 'smtp', 'worker']);
  origin = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await env?.close();
});

/** One sample's value from the Prometheus text: the line whose name and labels contain every given part. */
function sample(text: string, name: string, ...parts: string[]): number {
  const line = text
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? parts.every((p) => l.includes(p)) : false));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const scrape = async (authorization?: string) => {
  const res = await fetch(`${origin}/metrics`, { headers: authorization ? { authorization } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

describe('/metrics (issue 17): Prometheus format, behind METRICS_TOKEN', () => {
  it('counts messages accepted over SMTP, their deliveries and latency, and reads queue, webhook and event-bus gauges', async () => {
    const before = await scrape(`Bearer ${TOKEN}`);
    const accepted0 = sample(before.text, 'mailwright_messages_accepted_total', 'via="smtp"');
    const delivered0 = sample(before.text, 'mailwright_delivery_outcomes_total', 'outcome="delivered"');
    const latency0 = sample(before.text, 'mailwright_delivery_latency_seconds_count');

    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: env.smtpPort,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
      auth: { user: env.domain.smtpLogin, pass: env.domain.smtpPassword },
    });
    for (let i = 0; i < 5; i++) {
      await transport.sendMail({ from: `app@${env.domain.name}`, to: `m${i}@dest.test`, subject: 'm', text: 'x' });
    }
    transport.close();
    await expect.poll(() => env.sink.messages.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);

    await expect
      .poll(async () => sample((await scrape(`Bearer ${TOKEN}`)).text, 'mailwright_delivery_latency_seconds_count'), {
        timeout: 15_000,
      })
      .toBe(latency0 + 5);
    const after = await scrape(`Bearer ${TOKEN}`);
    expect(after.status).toBe(200);
    expect(after.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(after.text, 'mailwright_messages_accepted_total', 'via="smtp"')).toBe(accepted0 + 5);
    expect(sample(after.text, 'mailwright_delivery_outcomes_total', 'outcome="delivered"')).toBe(delivered0 + 5);
    expect(sample(after.text, 'mailwright_smtp_attempt_seconds_count')).toBeGreaterThanOrEqual(5);
    // Gauges from the database, the same for every process that answers.
    expect(after.text).toMatch(/^mailwright_queue_depth\{state="due",roles="api,smtp,worker",pid="\d+"\} \d+$/m);
    expect(after.text).toMatch(/^mailwright_webhook_backlog\{state="pending",[^}]*\} 0$/m);
    // A consumer that has applied nothing (no event workers run here) lags by the age of the oldest event.
    await env.t.deps.db.query(`INSERT INTO event_consumers (name) VALUES ('metrics-probe') ON CONFLICT DO NOTHING`);
    const lagging = await scrape(`Bearer ${TOKEN}`);
    expect(sample(lagging.text, 'mailwright_event_bus_lag_seconds', 'consumer="metrics-probe"')).toBeGreaterThan(0);
    // The process's own: memory and CPU, labelled with its roles and pid.
    expect(after.text).toMatch(/^mailwright_process_resident_memory_bytes\{roles="api,smtp,worker",pid="\d+"\} \d+/m);
  });

  it('answers 401 without the token or with a wrong one, and 404 while no token is set', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)).status).toBe(401);
    expect((await metricsAnswer(undefined, `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('serves the same on METRICS_PORT for processes without the api role', async () => {
    const server = await startMetricsServer(await freePort(), '127.0.0.1', TOKEN);
    try {
      const url = `http://127.0.0.1:${server.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('mailwright_messages_accepted_total');
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
