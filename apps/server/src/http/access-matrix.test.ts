import { type Endpoint, hasAccess, type Role, type Subrole } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MailEnv, startMailEnv } from '../mail/testing/mail-env.ts';
import { contractEndpoints, endpointKey, sampleObject } from '../test/contract-walk.ts';
import { buildUrl, fillParams } from '../test/param-fillers.ts';
import { listRoutes } from '../test/route-list.ts';
import { FOREIGN_MARKERS, seedWorld, type World } from '../test/tenant-world.ts';
import { ADMIN_PASSWORD } from '../test/test-app.ts';

/**
 * The generated access matrix: every contract endpoint, called as every kind of caller, answers what the contract's
 * `access` declares (401 without a session, 403 for a role it leaves out, 404 for another customer's resource, else
 * neither), and no answer to another customer carries any of customer A's data. An endpoint joins by being in the
 * contract; a path parameter without a filler in test/param-fillers.ts fails it.
 *
 * Writes are only carried out where they must be refused (another customer's ids): a caller the gate lets through
 * sends a body no schema accepts, so that the answer (400) shows the gate let it pass without changing anything.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let env: MailEnv;
let world: World;
let proxiedMaster: string;
beforeAll(async () => {
  env = await startMailEnv();
  world = await seedWorld(env);
  proxiedMaster = await env.t.login('admin', ADMIN_PASSWORD);
  const proxied = await env.t.request('PUT', `/api/proxy/${world.a.cid}`, { token: proxiedMaster });
  if (proxied.status !== 200) throw new Error(`proxy into A: ${proxied.status}`);
});
afterAll(async () => {
  await env?.close();
});

interface Caller {
  name: string;
  token: () => string | undefined;
  who: { role: Role; subrole: Subrole | null; atHome?: false } | null;
  /** Not of customer A: A's resource ids are another customer's to it. */
  outsider: boolean;
}

const CALLERS: Caller[] = [
  { name: 'anonymous', token: () => undefined, who: null, outsider: true },
  { name: 'A user', token: () => world.a.user.token, who: { role: 'user', subrole: null }, outsider: false },
  { name: 'A admin', token: () => world.a.admin.token, who: { role: 'admin', subrole: null }, outsider: false },
  { name: 'partner', token: () => world.partner.admin.token, who: { role: 'partner', subrole: null }, outsider: true },
  {
    name: 'superadmin master',
    token: () => world.operators.master,
    who: { role: 'superadmin', subrole: 'master' },
    outsider: false,
  },
  {
    name: 'superadmin mta',
    token: () => world.operators.mta,
    who: { role: 'superadmin', subrole: 'mta' },
    outsider: false,
  },
  {
    name: 'superadmin without subrole',
    token: () => world.operators.plain,
    who: { role: 'superadmin', subrole: null },
    outsider: false,
  },
  { name: 'B admin', token: () => world.b.admin.token, who: { role: 'admin', subrole: null }, outsider: true },
  { name: 'B user', token: () => world.b.user.token, who: { role: 'user', subrole: null }, outsider: true },
  {
    name: 'superadmin master acting as A (proxy)',
    token: () => proxiedMaster,
    // Inside another customer an operator acts as that customer's admin (session.service proxy), away from home.
    who: { role: 'admin', subrole: null, atHome: false },
    outsider: false,
  },
];

/** The access rules' view of a caller: at home unless it acts for another customer through proxy. */
const toRoleHolder = (who: NonNullable<Caller['who']>) => ({ ...who, cid: 1, originCid: who.atHome === false ? 2 : 1 });

interface Call {
  caller: Caller;
  url: string;
  /** 'probe': a body no schema accepts; 'sample': a valid body; none for GET. */
  body: 'probe' | 'sample' | 'none';
  expect: 401 | 403 | 404 | 'passes';
  why: string;
}

/** The calls one endpoint gets: every caller, plus A's child resource under B's own parent for B. */
function planCalls(endpoint: Endpoint): Call[] {
  const params = fillParams(world, endpoint);
  const aIds = Object.fromEntries(Object.entries(params).map(([name, p]) => [name, p.value]));
  const ownsTenantParam = Object.values(params).some((p) => p.owner === 'tenant');
  const isRead = endpoint.method === 'GET';
  const calls: Call[] = [];
  for (const caller of CALLERS) {
    const url = buildUrl(endpoint, aIds);
    const write = isRead ? 'none' : 'sample';
    // Where the gate lets the caller pass and no refusal is due, writes are probed rather than carried out.
    const passing = isRead ? 'none' : 'probe';
    if (endpoint.access === 'public') {
      calls.push({ caller, url, body: passing, expect: 'passes', why: 'public' });
    } else if (!caller.who) {
      calls.push({ caller, url, body: write, expect: 401, why: 'no session' });
    } else if (!hasAccess(toRoleHolder(caller.who), endpoint.access)) {
      calls.push({ caller, url, body: write, expect: 403, why: 'role not in access' });
    } else if (caller.outsider && ownsTenantParam) {
      calls.push({ caller, url, body: write, expect: 404, why: "customer A's ids" });
      const mixed = Object.entries(params).some(([, p]) => p.bValue) && caller.name.startsWith('B ');
      const aChildren = Object.values(params).filter((p) => p.owner === 'tenant' && !p.bValue).length;
      if (mixed && aChildren > 0) {
        const ids = Object.fromEntries(Object.entries(params).map(([name, p]) => [name, p.bValue ?? p.value]));
        calls.push({
          caller,
          url: buildUrl(endpoint, ids),
          body: write,
          expect: 404,
          why: "A's child under B's parent",
        });
      }
    } else {
      calls.push({ caller, url, body: passing, expect: 'passes', why: 'allowed' });
    }
  }
  return calls;
}

async function send(endpoint: Endpoint, call: Call) {
  const token = call.caller.token();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const query = new URLSearchParams(sampleObject(endpoint.query) as Record<string, string>).toString();
  const url = query ? `${call.url}?${query}` : call.url;
  if (call.body === 'none') return env.t.app.inject({ method: endpoint.method, url, headers });
  headers['content-type'] = 'application/json';
  const payload = call.body === 'probe' ? '0' : JSON.stringify(sampleObject(endpoint.body));
  return env.t.app.inject({ method: endpoint.method, url, headers, payload });
}

function judgeAnswer(call: Call, status: number, text: string, isPublic: boolean): string | null {
  if (status >= 500) return `${status} (server error)`;
  if (call.expect === 'passes') {
    if (status === 403 || (status === 401 && !isPublic)) return `${status}, expected the gate to let it pass`;
    // The probe's body is no valid input: an answer other than a refusal means the write went ahead without it.
    if (call.body === 'probe' && status < 400) return `${status} to a body no schema accepts`;
  } else if (status !== call.expect) return `${status}, expected ${call.expect}`;
  if (call.caller.outsider && call.caller.who && !isPublic) {
    const leaked = FOREIGN_MARKERS.filter((marker) => text.includes(marker));
    if (leaked.length) return `answer carries customer A's data (${leaked.join(', ')}): ${text.slice(0, 200)}`;
  }
  return null;
}

describe('S5 access matrix, generated from the contract (issue 10)', () => {
  it.each(
    contractEndpoints().map((endpoint) => [endpointKey(endpoint), endpoint] as const),
  )('%s answers every caller as its access declares, and nothing of customer A to outsiders', async (_key, endpoint) => {
    const failures: string[] = [];
    for (const call of planCalls(endpoint)) {
      const res = await send(endpoint, call);
      const problem = judgeAnswer(call, res.statusCode, res.body, endpoint.access === 'public');
      if (problem) failures.push(`${call.caller.name} (${call.why}) ${call.url}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it('every path parameter of every endpoint has a filler (none is skipped)', () => {
    for (const endpoint of contractEndpoints()) expect(() => fillParams(world, endpoint)).not.toThrow();
  });
});

/**
 * The public sending APIs and the tracking endpoints sit outside the console contract (sending keys and signed
 * tokens, not sessions): a small hand-written block. Customer B's key must not send as customer A's domain.
 */
describe('S5 public sending APIs and tracking: keys, not sessions; no customer reaches another (issue 10)', () => {
  const countMessagesOf = async (cid: number) =>
    (await env.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE customer_id = $1', [cid])).n;
  const basic = (key: string) => `Basic ${Buffer.from(`api:${key}`).toString('base64')}`;
  const native = (authorization?: string) =>
    env.t.app.inject({
      method: 'POST',
      url: '/api/v1/send',
      headers: authorization ? { authorization } : {},
      payload: { from: 'shop@zqa-marker.test', to: ['x@dest.test'], subject: 's', text: 't', testmode: true },
    });
  const mailgun = (authorization?: string) =>
    env.t.app.inject({
      method: 'POST',
      url: '/v3/zqa-marker.test/messages',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
      payload: new URLSearchParams({
        from: 'shop@zqa-marker.test',
        to: 'x@dest.test',
        subject: 's',
        text: 't',
        'o:testmode': 'yes',
      }).toString(),
    });
  const sendgrid = (authorization?: string) =>
    env.t.app.inject({
      method: 'POST',
      url: '/v3/mail/send',
      headers: authorization ? { authorization } : {},
      payload: {
        personalizations: [{ to: [{ email: 'x@dest.test' }] }],
        from: { email: 'shop@zqa-marker.test' },
        subject: 's',
        content: [{ type: 'text/plain', value: 't' }],
        mail_settings: { sandbox_mode: { enable: true } },
      },
    });
  const mime = (authorization?: string) => {
    const part = (name: string, value: string, file = '') =>
      `--b0undary\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${value}\r\n`;
    const message = 'From: shop@zqa-marker.test\r\nTo: x@dest.test\r\nSubject: s\r\n\r\nt\r\n';
    return env.t.app.inject({
      method: 'POST',
      url: '/v3/zqa-marker.test/messages.mime',
      headers: {
        'content-type': 'multipart/form-data; boundary=b0undary',
        ...(authorization ? { authorization } : {}),
      },
      payload: `${part('to', 'x@dest.test')}${part('o:testmode', 'yes')}${part('message', message, '; filename="m.eml"')}--b0undary--\r\n`,
    });
  };
  const apis = [
    { name: 'native /api/v1/send', call: native, auth: (key: string) => `Bearer ${key}` },
    { name: 'Mailgun /v3/{domain}/messages', call: mailgun, auth: basic },
    { name: 'Mailgun /v3/{domain}/messages.mime', call: mime, auth: basic },
    { name: 'SendGrid /v3/mail/send', call: sendgrid, auth: (key: string) => `Bearer ${key}` },
  ];

  /** Routes outside the contract, each covered by this block (or carrying nothing of a customer's). */
  const HAND_COVERED = [
    'GET /api/health',
    'GET /api/docs',
    'GET /api/openapi.json',
    'GET /api/docs*',
    'POST /v3/:domain/messages',
    'POST /v3/:domain/messages.mime',
    'POST /v3/mail/send',
    'GET /t/o/*',
    'GET /t/c/*',
    'GET /unsubscribe/*',
    'POST /unsubscribe/*',
    // Prometheus: a bearer token of its own (METRICS_TOKEN), no customer data (metrics/metrics.e2e.test.ts).
    'GET /metrics',
    // Stripe's webhook: no session, a signature over the raw body (invoices.routes.test.ts: bad signature → 400).
    'POST /api/payment/stripe-webhook',
    // The tracking routes above, as Fastify's route tree prints them (their prefixes have no route of their own).
    'GET *',
    'POST *',
  ];

  it('every route the app serves is in the contract or in this block (a hand-made route cannot slip past)', () => {
    const contract = new Set(contractEndpoints().map((e) => `${e.method} /api${e.path}`));
    const covered = (spelling: string) => contract.has(spelling) || HAND_COVERED.includes(spelling);
    const uncovered = listRoutes(env.t.app).filter((spellings) => !spellings.some(covered));
    expect(uncovered).toEqual([]);
  });

  it.each(apis)('$name: 401 without a key or with a console session; B key cannot send as A', async (api) => {
    const before = await countMessagesOf(world.a.cid);
    expect((await api.call()).statusCode).toBe(401);
    expect((await api.call(`Bearer ${world.a.admin.token}`)).statusCode).toBe(401);
    const foreign = await api.call(api.auth(world.bDomain.token));
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    expect(await countMessagesOf(world.a.cid)).toBe(before);
    expect(await countMessagesOf(world.b.cid)).toBe(0);
    // The control: A's own key and the same request are accepted, so B's refusal is about the key.
    const own = await api.call(api.auth(world.aDomain.token));
    expect(own.statusCode).toBeLessThan(300);
    expect(await countMessagesOf(world.a.cid)).toBe(before + 1);
  });

  it('tracking links with forged, NUL-bearing or 1 MB tokens answer 4xx (or the pixel), never a 5xx', async () => {
    const tokens = ['forged', 'a%00b', 'x'.repeat(1024 * 1024), `${'A'.repeat(40)}.${'B'.repeat(43)}`];
    const failures: string[] = [];
    for (const token of tokens) {
      for (const [method, path] of [
        ['GET', '/t/o/'],
        ['GET', '/t/c/'],
        ['GET', '/unsubscribe/'],
        ['POST', '/unsubscribe/'],
      ] as const) {
        const res = await env.t.app.inject({ method, url: `${path}${token}`, payload: method === 'POST' ? 'a=1' : '' });
        const pixel = path === '/t/o/' && res.statusCode === 200;
        if (!pixel && (res.statusCode < 400 || res.statusCode >= 500)) {
          failures.push(`${method} ${path}${token.slice(0, 20)}: ${res.statusCode}`);
        }
        if (FOREIGN_MARKERS.some((m) => res.body.includes(m))) failures.push(`${method} ${path}: carries A's data`);
      }
    }
    expect(failures).toEqual([]);
  });
});
