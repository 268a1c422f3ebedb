import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { engineDepsFor } from '../../engine-deps.ts';
import { startSystemMailJob } from '../../jobs/system-mail.job.ts';
import { makeTenant } from '../../test/factories.ts';
import { type LocalDns, startLocalDns } from '../../test/local-dns.ts';
import { type MxSink, startMxSink } from '../../test/mx-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type MailEngine, startMailEngine } from '../engine.ts';

export interface TestDomain {
  id: number;
  name: string;
  selector: string;
  smtpLogin: string;
  smtpPassword: string;
  /** A sending key bound to this domain. */
  token: string;
}

/** Everything a mail test needs, all on loopback: the app, local DNS, an MX sink, the engine, a tenant. */
export interface MailEnv {
  t: TestApp;
  dns: LocalDns;
  sink: MxSink;
  engine: MailEngine;
  tenant: Awaited<ReturnType<typeof makeTenant>>;
  domain: TestDomain;
  smtpPort: number;
  /** Points `<name>` at the sink (MX mx.<name> -> 127.0.0.1). */
  routeToSink(name: string): void;
  addDomain(name: string, options?: { verified?: boolean; tenant?: MailEnv['tenant'] }): Promise<TestDomain>;
  close(): Promise<void>;
}

export const SMTP_PASSWORD = 'smtp-password-42';

/**
 * Starts the engine (submission + delivery) against a fresh database, with DNS_SERVERS at a local DNS server and the
 * outbound port at a local MX sink. `acme.test` is a verified sending domain; `dest.test` routes to the sink.
 */
export async function startMailEnv(overrides: Partial<Config> = {}): Promise<MailEnv> {
  const dns = await startLocalDns();
  const sink = await startMxSink();
  const dataDir = await mkdtemp(join(tmpdir(), 'mw-mail-'));
  const t = await createTestApp({
    dnsServers: dns.servers,
    outboundSmtpPort: sink.port,
    smtpPort: 0,
    smtpAllowInsecureAuth: false,
    retryScheduleSeconds: [1],
    dataDir,
    mailHostname: 'mw.mailwright.test',
    ...overrides,
  });
  const engine = await startMailEngine(engineDepsFor(t.deps), { smtp: true, worker: true });
  // As server.ts does for the worker role: platform mail goes through this engine's intake.
  const systemMail = startSystemMailJob(t.deps, engine.intake);
  const tenant = await makeTenant(t);
  const routeToSink = (name: string) => {
    dns.set(name, 'MX', [{ exchange: `mx.${name}`, priority: 10 }]);
    dns.set(`mx.${name}`, 'A', ['127.0.0.1']);
  };
  routeToSink('dest.test');

  const addDomain: MailEnv['addDomain'] = async (name, options = {}) => {
    const owner = options.tenant ?? tenant;
    const created = await t.request<{ did: number; dkim_selector: string }>('POST', '/api/domains', {
      token: owner.admin.token,
      body: { name },
    });
    if (created.status !== 200 || !created.body.data) throw new Error(`domain ${name}: ${created.body.message}`);
    const { did, dkim_selector: selector } = created.body.data;
    const key = await t.deps.db.one<{ dkim_public_key: string }>('SELECT dkim_public_key FROM domains WHERE id = $1', [
      did,
    ]);
    dns.set(`${selector}._domainkey.${name}`, 'TXT', [`v=DKIM1; k=rsa; p=${key.dkim_public_key}`]);
    // Verification itself is the domains feature's business (and tested there); here the domain is simply verified.
    if (options.verified !== false) await t.deps.db.query("UPDATE domains SET state = 'verified' WHERE id = $1", [did]);
    const credential = await t.request<{ login: string }>('POST', `/api/domains/${did}/credentials`, {
      token: owner.admin.token,
      body: { login: 'postmaster', password: SMTP_PASSWORD },
    });
    const token = await t.request<{ token: string }>('POST', `/api/tokens/${did}`, {
      token: owner.admin.token,
      body: { role: 'sending', note: 'tests' },
    });
    if (!credential.body.data || !token.body.data) throw new Error(`credentials for ${name} failed`);
    return {
      id: did,
      name,
      selector,
      smtpLogin: credential.body.data.login,
      smtpPassword: SMTP_PASSWORD,
      token: token.body.data.token,
    };
  };

  const domain = await addDomain('acme.test');
  return {
    t,
    dns,
    sink,
    engine,
    tenant,
    domain,
    smtpPort: engine.submission?.port ?? 0,
    routeToSink,
    addDomain,
    async close() {
      await systemMail.stop();
      await engine.stop();
      await t.close();
      await sink.stop();
      await dns.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
