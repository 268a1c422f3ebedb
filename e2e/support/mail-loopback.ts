import { type ParsedMail, simpleParser } from 'mailparser';
import { freePort } from '../../apps/server/src/mail/testing/server-process.ts';
import { type LocalDns, startLocalDns } from '../../apps/server/src/test/local-dns.ts';
import { type MxSink, type SinkMessage, startMxSink } from '../../apps/server/src/test/mx-sink.ts';
import { type ApiAnswer, callApi } from './api.ts';
import { test as base } from './fixtures.ts';
import type { MailwrightServer } from './server.ts';

/**
 * Journeys that send mail, all on loopback: a local DNS server answers for the sending domain and for the
 * recipients' domains, a local MX sink receives the mail. The server's resolver (DNS_SERVERS) and outbound port
 * (OUTBOUND_SMTP_PORT) point at them, as in the server's own mail tests.
 */
export interface Loopback {
  dns: LocalDns;
  sink: MxSink;
  /** The server's submission port (SMTP_PORT), for a journey that submits with a real SMTP client. */
  smtpPort: number;
}

/** The mail host name the loopback servers run with (the SPF include and return-path MX name it). */
export const MAIL_HOSTNAME = 'mw.mailwright.test';

interface LoopbackFixtures {
  loopback: Loopback;
  /** More environment for the server beside the loopback's own (e.g. SYSTEM_MAIL_DOMAIN). */
  loopbackEnv: Record<string, string>;
}

/** The e2e test with a worker-scoped local DNS and MX sink the worker's server uses: give such files a serverName. */
export const test = base.extend<object, LoopbackFixtures>({
  loopbackEnv: [{}, { scope: 'worker', option: true }],
  loopback: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const dns = await startLocalDns();
      const sink = await startMxSink();
      await use({ dns, sink, smtpPort: await freePort() });
      await sink.stop();
      await dns.stop();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ loopback, loopbackEnv }, use) =>
      use({
        DNS_SERVERS: loopback.dns.servers.join(','),
        OUTBOUND_SMTP_PORT: String(loopback.sink.port),
        SMTP_PORT: String(loopback.smtpPort),
        MAIL_HOSTNAME,
        ...loopbackEnv,
      }),
    { scope: 'worker' },
  ],
});

/** Mail for a recipient domain goes to the sink: its MX is mx.<domain>, which is 127.0.0.1. */
export function routeToSink(dns: LocalDns, domain: string): void {
  dns.set(domain, 'MX', [{ exchange: `mx.${domain}`, priority: 10 }]);
  dns.set(`mx.${domain}`, 'A', ['127.0.0.1']);
}

/**
 * Adds a sending domain through the API as the given (admin) token's customer, publishes the records the API
 * answers in the local DNS and verifies it; answers the verified domain.
 */
export async function addVerifiedDomain(
  server: MailwrightServer,
  dns: LocalDns,
  token: string,
  name: string,
): Promise<ApiAnswer['body']> {
  const created = await callApi(server, 'POST', '/domains', { token, body: { name } });
  if (created.status !== 200) throw new Error(`Adding ${name} answered ${created.status}`);
  const domain = created.body.data;
  for (const record of domain.records as { type: string; host: string; value: string; priority: number | null }[]) {
    if (record.type === 'MX') dns.set(record.host, 'MX', [{ exchange: record.value, priority: record.priority ?? 10 }]);
    else if (record.type === 'TXT') dns.set(record.host, 'TXT', [record.value]);
    else if (record.type === 'CNAME') dns.set(record.host, 'CNAME', [record.value]);
  }
  const verified = await callApi(server, 'PUT', `/domains/${domain.did}/verify`, { token });
  if (verified.body?.data?.state !== 'verified')
    throw new Error(`${name} did not verify: ${JSON.stringify(verified.body)}`);
  return verified.body.data;
}

/** A received message parsed (transfer encodings undone, soft line breaks joined): headers, text, HTML. */
export function parseReceived(message: SinkMessage): Promise<ParsedMail> {
  return simpleParser(message.raw);
}
