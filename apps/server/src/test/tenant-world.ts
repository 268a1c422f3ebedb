import { insertSeedMailbox } from '../features/seedtests/seed-mailboxes.repo.ts';
import { insertPlacement, insertSeedTest } from '../features/seedtests/seedtests.repo.ts';
import { insertUpload } from '../features/suppressions/uploads.repo.ts';
import { issueUserToken } from '../features/users/user-tokens.ts';
import { insertWebhook } from '../features/webhooks/webhooks.repo.ts';
import { enterBackoff } from '../mail/backoff/backoff.repo.ts';
import type { MailEnv, TestDomain } from '../mail/testing/mail-env.ts';
import { seedInvoice } from './billing-seed.ts';
import { makeOperators, makeTenant, makeUser, type Tenant } from './factories.ts';

/**
 * The world the generated suites call the API in: customer A holds one of every kind of resource, each carrying the
 * marker `zqa` (domain names, webhook URL, key notes, usernames, recipients), so that any of it showing up in
 * another customer's answer is plain to see. Customer B and a partner are the outsiders; the operators are the three
 * kinds of superadmin.
 */
export const FOREIGN_MARKERS = ['zqa', 'acme.test'] as const;

/** Real ids of A's resources (tenant-owned) and of platform-wide ones (global), by the kind of thing they name. */
export interface WorldIds {
  customer: number;
  user: number;
  domain: number;
  credential: number;
  token: number;
  tokenIp: number;
  webhook: number;
  message: number;
  upload: number;
  /** Issue 18: a finished migration of A's (no credentials left). */
  migration: number;
  uriAllowlist: number;
  domainPattern: number;
  sandboxMessage: number;
  /** Issue 15: a request to join A, waiting for A's admins. */
  joinRequest: number;
  /** Issue 15: a partner plan (global) and a payout recorded for A (A is its partner). */
  partnerPlan: number;
  partnerPayout: number;
  /** Features seeded only when their routes are served (see seedContent): unset until then. */
  template?: number;
  templateVersion?: number;
  route?: number;
  inboundMessage?: number;
  invoice?: number;
  billingTier?: number;
  billingAddon?: number;
  billingItem?: number;
  customerAddon?: number;
  /** Issue 16: a seed mailbox (global, inactive, so a re-run is refused before sending) and a seed test of A's domain. */
  seedMailbox?: number;
  seedTest?: number;
  news: number;
  deferredWebhook: number;
  smtpPattern: number;
  dsnPattern: number;
  bounceCategoryPattern: number;
  uribl: number;
  /** Issue 16: a sending IP (global) in a pool dedicated to A (its title marked). */
  sendingIp: number;
  ipPool: number;
}

export interface World {
  env: MailEnv;
  a: Tenant;
  b: Tenant;
  partner: Tenant;
  operators: Awaited<ReturnType<typeof makeOperators>>;
  /** A's marker domain (verified, with a sending key) and B's domain. */
  aDomain: TestDomain;
  bDomain: TestDomain;
  ids: WorldIds;
  /** B's own id for a parent parameter, to pair with A's child id (B's domain with A's credential). */
  bIds: Partial<WorldIds>;
  strings: { suppressed: string; allowed: string; destination: string; resetToken: string; inviteToken: string };
}

async function ok<T>(env: MailEnv, method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await env.t.request<T>(method, url, { token, body });
  if (res.status !== 200 || res.body.data === undefined) {
    throw new Error(`seeding ${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data;
}

/** Seeds the world through the API where a customer would, and through repos for what only the engine makes. */
export async function seedWorld(env: MailEnv): Promise<World> {
  const { t } = env;
  const a = env.tenant;
  const b = await makeTenant(t);
  const partner = await makeTenant(t, { partner: true });
  const operators = await makeOperators(t);
  const aDomain = await env.addDomain('zqa-marker.test');
  const bDomain = await env.addDomain('bee-outsider.test', { tenant: b });
  const admin = a.admin.token;
  const did = aDomain.id;

  await ok(env, 'PUT', '/api/account/company', admin, { name: 'ZQA Company', address: 'zqa street 1' });
  const zqaUser = await makeUser(t.deps.db, a.cid, 'user', { username: 'zqa-user', email: 'zqa-user@zqa-mail.test' });
  const credential = await ok<{ crid: number }>(env, 'POST', `/api/domains/${did}/credentials`, admin, {
    login: 'zqa-smtp',
    note: 'zqa-credential-note',
  });
  const token = await ok<{ id: number }>(env, 'POST', `/api/tokens/${did}`, admin, {
    role: 'sending',
    note: 'zqa-key-note',
  });
  const tokenIp = await ok<{ tipid: number }>(env, 'PUT', `/api/tokens/${token.id}/security`, admin, {
    ipv4: '192.0.2.77',
    note: 'zqa-ip-note',
  });
  // Written through the repo: the API refuses loopback URLs, and this one must never reach anything if called.
  const webhook = await insertWebhook(t.deps.db, a.cid, did, {
    event: 'delivered',
    url: 'http://127.0.0.1:9/zqa-hook',
    format: 'json',
    enabled: true,
  });
  if (!webhook) throw new Error('seeding the webhook failed');
  const deferred = await t.deps.db.one<{ id: number }>(
    `INSERT INTO webhook_deliveries (webhook_id, customer_id, event_id, payload, state)
     VALUES ($1, $2, 1, '{"zqa": "payload"}', 'deferred') RETURNING id::int AS id`,
    [webhook.id, a.cid],
  );
  const domainPattern = await ok<{ id: number }>(env, 'POST', `/api/domains/${did}/patterns`, admin, {
    pattern: '*zqa-pattern*',
    note: 'zqa-pattern-note',
  });
  const suppressed = 'zqa-suppressed@rcpt.test';
  await ok(env, 'POST', `/api/suppressions/${did}/bounce`, admin, { recipient: suppressed, reason: 'zqa-reason' });
  const allowed = 'zqa-allowed@rcpt.test';
  await ok(env, 'POST', `/api/whitelists/${did}`, admin, { recipient: allowed, note: 'zqa-allow-note' });
  const uriAllowlist = await ok<{ upid: number }>(env, 'POST', '/api/whitelists/uris', admin, {
    uri: 'https://zqa-uri.test/',
    note: 'zqa-uri-note',
  });
  const upload = await insertUpload(t.deps.db, a.cid, {
    domainId: did,
    kind: 'suppressions',
    type: 'bounce',
    filename: 'zqa-upload.csv',
    createdBy: a.admin.uid,
  });
  const migration = await t.deps.db.one<{ id: number }>(
    `INSERT INTO migrations (customer_id, integration, from_domain, target_domain, status, finished_at)
     VALUES ($1, 'mailgun', 'zqa-migration-from.test', 'zqa-migration-to.test', 'done', now()) RETURNING id`,
    [a.cid],
  );
  const sent = await t.request('POST', '/api/v1/send', {
    headers: { authorization: `Bearer ${aDomain.token}` },
    body: {
      from: 'shop@zqa-marker.test',
      to: ['zqa-rcpt@dest.test'],
      subject: 'zqa-subject',
      text: 'zqa body',
      testmode: true,
    },
  });
  if (sent.status !== 200) throw new Error(`seeding a message: ${sent.status} ${JSON.stringify(sent.body)}`);
  // What the sandbox's catch-all MX keeps; written as it would, since no MX delivery is needed to read it back.
  const sandboxMessage = await t.deps.db.one<{ id: number }>(
    `INSERT INTO sandbox_messages (customer_id, mail_from, rcpt_to, subject, raw, auth)
     VALUES ($1, 'zqa-sandbox@zqa-marker.test', ARRAY['zqa-inbox@rcpt.test'], 'zqa-sandbox', $2, $3)
     RETURNING id::int AS id`,
    [
      a.cid,
      Buffer.from('Subject: zqa-sandbox\r\n\r\nzqa\r\n'),
      JSON.stringify({ dkim: [], spf: null, dmarc: null, header: 'mw.test; none' }),
    ],
  );
  const message = await t.deps.db.one<{ id: number }>(
    'SELECT id::int AS id FROM messages WHERE customer_id = $1 ORDER BY id DESC LIMIT 1',
    [a.cid],
  );

  // Issue 15: a client of A (marked), and another customer's request to join A, waiting for A's admins.
  await ok(env, 'POST', '/api/customers/subaccounts', admin, {
    company: 'zqa-client',
    email: 'zqa-client@zqa-mail.test',
  });
  const joiner = await makeTenant(t);
  await ok(env, 'POST', '/api/customers/join', joiner.admin.token, { approver: a.admin.username });
  const joinRequest = await t.deps.db.one<{ id: number }>('SELECT id FROM join_requests WHERE customer_id = $1', [
    joiner.cid,
  ]);
  const content = await seedContent(env, a.cid, did, admin);
  const master = operators.master;
  const partnerIds = await seedPartners(env, a.cid, master);
  const billing = await seedBilling(env, a.cid, did, master);
  const news = await ok<{ id: number }>(env, 'POST', '/api/news', master, { content: 'Platform news' });
  const firstId = async (path: string, key: string) => {
    const list = await ok<{ items: Record<string, number>[] }>(env, 'GET', `/api${path}`, master);
    const id = list.items[0]?.[key];
    if (id) return id;
    throw new Error(`no row in ${path} to point at`);
  };
  const uribl = await ok<{ ubid: number }>(env, 'POST', '/api/system/uribl', master, {
    uri: 'https://blocked.example/',
  });
  const destination = 'backoff-dest.test';
  await enterBackoff(t.deps.db, destination, 'seeded for the access matrix', 30);

  return {
    env,
    a,
    b,
    partner,
    operators,
    aDomain,
    bDomain,
    ids: {
      customer: a.cid,
      user: zqaUser.uid,
      domain: did,
      credential: credential.crid,
      token: token.id,
      tokenIp: tokenIp.tipid,
      webhook: webhook.id,
      message: message.id,
      upload: upload.id,
      migration: migration.id,
      uriAllowlist: uriAllowlist.upid,
      domainPattern: domainPattern.id,
      sandboxMessage: sandboxMessage.id,
      joinRequest: joinRequest.id,
      ...partnerIds,
      ...content,
      ...billing,
      news: news.id,
      deferredWebhook: deferred.id,
      smtpPattern: await firstId('/system/smtp/patterns', 'spid'),
      dsnPattern: await firstId('/system/dsn/patterns', 'dpid'),
      bounceCategoryPattern: await firstId('/system/smtp/bouncecat', 'spcid'),
      uribl: uribl.ubid,
      ...(await seedIps(env, a.cid, master)),
    },
    bIds: { domain: bDomain.id },
    strings: {
      suppressed,
      allowed,
      destination,
      resetToken: await issueUserToken(t.deps.db, zqaUser.uid, 'reset'),
      inviteToken: await issueUserToken(t.deps.db, zqaUser.uid, 'invite'),
    },
  };
}

/**
 * Issue 16: a pool dedicated to A and a sending IP in it. Neither A's domain nor A is assigned the pool, so the
 * world's mail is still sent from any address (192.0.2.250 is not on this machine).
 */
async function seedIps(env: MailEnv, cid: number, master: string) {
  const pool = await ok<{ id: number }>(env, 'POST', '/api/ips/pools', master, { title: 'zqa-pool', cid });
  const ip = await ok<{ ipid: number }>(env, 'POST', '/api/ips', master, {
    ip: '192.0.2.250',
    ptr_host: 'mail250.example.net',
    pool_id: pool.id,
  });
  return { ipPool: pool.id, sendingIp: ip.ipid };
}

/** Issue 15: a partner plan, and a payout written as an operator would record it, to A as its partner. */
async function seedPartners(env: MailEnv, cid: number, master: string) {
  const plan = await ok<{ ppid: number }>(env, 'POST', '/api/partners/plans', master, {
    name: 'zqa-plan',
    commission_percent: 10,
    duration_months: 12,
    minimum_payout: 1000,
    currency: 'EUR',
  });
  const payout = await env.t.deps.db.one<{ id: number }>(
    `INSERT INTO partner_payouts (partner_id, amount, currency, payout_date, rec_inv_id)
     VALUES ($1, 1234, 'EUR', '2026-01-31', 'zqa-payout') RETURNING id`,
    [cid],
  );
  return { partnerPlan: plan.ppid, partnerPayout: payout.id };
}

/**
 * Templates, inbound routes and what the routes received, each seeded once its routes are served. A feature whose
 * endpoints are in the contract before its routes are registered fails the matrix on its own (404 where 401 is due)
 * and has no filler for its ids until then.
 */
async function seedContent(env: MailEnv, cid: number, did: number, admin: string): Promise<Partial<WorldIds>> {
  const { t } = env;
  const served = (method: 'GET' | 'POST', url: string) => t.app.hasRoute({ method, url });
  const ids: Partial<WorldIds> = {};
  if (served('POST', '/api/templates/:domain')) {
    const template = await ok<{ tmplid: number; version: { id: number } | null }>(
      env,
      'POST',
      `/api/templates/${did}`,
      admin,
      { name: 'zqa-template', description: 'zqa-template-note', subject: 'zqa-subject', html: '<p>zqa</p>' },
    );
    ids.template = template.tmplid;
    if (template.version) ids.templateVersion = template.version.id;
  }
  if (served('POST', '/api/routes/:domain')) {
    const route = await ok<{ id: number }>(env, 'POST', `/api/routes/${did}`, admin, {
      description: 'zqa-route-note',
      expression: { type: 'match_recipient', pattern: 'zqa-.*@zqa-marker\\.test' },
      actions: [{ type: 'store' }],
    });
    ids.route = route.id;
  }
  if (served('GET', '/api/routes/:domain/messages/:inbound_id')) {
    // What the inbound MX keeps for a route, written as it would be (no MX delivery is needed to read it back).
    const stored = await t.deps.db.one<{ id: number }>(
      `INSERT INTO inbound_messages (customer_id, domain_id, route_id, recipient, sender, subject, size_bytes, outcome,
         stored, raw, expires_at)
       VALUES ($1, $2, $3, 'zqa-in@zqa-marker.test', 'zqa-sender@rcpt.test', 'zqa-inbound', 30, 'accepted', true, $4,
         now() + interval '3 days')
       RETURNING id::int AS id`,
      [cid, did, ids.route ?? null, Buffer.from('Subject: zqa-inbound\r\n\r\nzqa\r\n')],
    );
    ids.inboundMessage = stored.id;
  }
  if (served('GET', '/api/domains/:id/seedtests')) {
    // Written as the features write them: a mailbox added through the API needs a working IMAP login.
    const mailbox = { provider: 'Seedmail', address: 'seed@seedmail.test', imap_host: 'imap.seedmail.test' };
    const fields = { ...mailbox, imap_port: 993, tls: 'tls' as const, username: 'seed', active: false };
    ids.seedMailbox = await insertSeedMailbox(t.deps.db, fields, 'seed-password');
    const test = await insertSeedTest(t.deps.db, {
      customerId: cid,
      domainId: did,
      rerunOf: null,
      token: 'zqa-seed-token',
      from: 'zqa-from@zqa-marker.test',
      subject: 'zqa-seedtest',
      html: '<p>zqa</p>',
      text: '',
      templateId: null,
      createdBy: 'zqa-user',
      timeoutSeconds: 1,
    });
    await insertPlacement(t.deps.db, test, { id: ids.seedMailbox, ...mailbox });
    ids.seedTest = test;
  }
  if (served('GET', '/api/billing/invoices')) ids.invoice = await seedInvoice(t.deps.db, t.deps.log, cid);
  return ids;
}

/** The billing catalogue (a tier, an add-on) and customer A's billing item and add-on, once their routes are served. */
async function seedBilling(env: MailEnv, cid: number, did: number, master: string): Promise<Partial<WorldIds>> {
  if (!env.t.app.hasRoute({ method: 'POST', url: '/api/billing/items' })) return {};
  const tier = await ok<{ btid: number }>(env, 'POST', '/api/billing/tiers', master, {
    name: 'Starter',
    msg_included: 10000,
    price: 900,
    currency: 'EUR',
  });
  const addon = await ok<{ baid: number }>(env, 'POST', '/api/billing/addons', master, {
    name: 'Dedicated IP',
    unit: 'IP',
    kind: 'dedicated_ip',
    price: 2000,
    currency: 'EUR',
  });
  const item = await ok<{ biid: number }>(env, 'POST', '/api/billing/items', master, {
    cid,
    did,
    description: 'zqa-billing-item',
    price: 1500,
    currency: 'EUR',
    qty: 1,
    start: '2026-01-01',
  });
  const billing = await ok<{ addons: { caid: number }[] }>(
    env,
    'POST',
    `/api/billing/customers/${cid}/addons`,
    master,
    {
      baid: addon.baid,
      qty: 1,
      start: '2026-01-01',
    },
  );
  const customerAddon = billing.addons[0]?.caid;
  if (!customerAddon) throw new Error("seeding customer A's add-on failed");
  return { billingTier: tier.btid, billingAddon: addon.baid, billingItem: item.biid, customerAddon };
}
