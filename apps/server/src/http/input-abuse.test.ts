import { type Endpoint, hasAccess } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitForFinalEvents } from '../events/testing.ts';
import { type MailEnv, startMailEnv } from '../mail/testing/mail-env.ts';
import { type AbuseCase, pickAbuseCases } from '../test/abuse-cases.ts';
import { contractEndpoints, endpointKey, type Field, listFields, sampleObject } from '../test/contract-walk.ts';
import { makeCustomer } from '../test/factories.ts';
import { buildUrl, fillParams } from '../test/param-fillers.ts';
import { seedWorld, type World } from '../test/tenant-world.ts';

/**
 * The generated input-abuse suite: every field of every contract endpoint's params, query and body gets hostile
 * values (abuse-cases.ts) while the rest of the request stays valid, sent by a caller the endpoint admits (customer
 * A's admin, or the master superadmin where only operators may call, alternating where both may). The answer is a
 * 4xx for what must be refused and never a 5xx; a refused write leaves every table as it was.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let env: MailEnv;
let world: World;
let countRows: () => Promise<Record<string, number>>;

/** Tables that record the attempt itself: sign-in attempts, bans, sessions. */
const UNCHECKED = /attempt|ban|session|persist/;

beforeAll(async () => {
  env = await startMailEnv();
  world = await seedWorld(env);
  // Customer ids in paths point at a customer of their own: nothing sent here may touch A, but it must exist.
  world.ids.customer = await makeCustomer(env.t.deps.db, { name: 'Abuse target' });
  // No workers from here on: what a table holds changes only through the requests sent here.
  await waitForFinalEvents(env.t.deps.db);
  await env.engine.stop();
  env.engine.stop = async () => {};
  const tables = await env.t.deps.db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const checked = tables.map((t) => t.name).filter((name) => !UNCHECKED.test(name));
  const sql = checked.map((name) => `SELECT '${name}' AS name, count(*)::int AS n FROM "${name}"`).join(' UNION ALL ');
  countRows = async () =>
    Object.fromEntries((await env.t.deps.db.query<{ name: string; n: number }>(sql)).map((r) => [r.name, r.n]));
});
afterAll(async () => {
  await env?.close();
});

/** A base that keeps a valid request from doing more than it must: the send API only accepts, never delivers. */
const BODY_BASE: Record<string, Record<string, unknown>> = { 'POST /v1/send': { testmode: true } };

const AT_HOME = { cid: 1, originCid: 1 };
type Caller = 'admin' | 'master' | 'anonymous' | 'sending key';

/** Who sends case `index` of an endpoint: see the file comment. */
function pickCaller(endpoint: Endpoint, index: number, ownsTenantParam: boolean): Caller {
  if (endpoint.access === 'public') return endpoint.path.startsWith('/v1/') ? 'sending key' : 'anonymous';
  const admin = hasAccess({ role: 'admin', subrole: null, ...AT_HOME }, endpoint.access);
  const master = hasAccess({ role: 'superadmin', subrole: 'master', ...AT_HOME }, endpoint.access);
  if (admin && (ownsTenantParam || !master)) return 'admin';
  if (admin && master) return index % 2 === 0 ? 'admin' : 'master';
  if (master) return 'master';
  throw new Error(`${endpointKey(endpoint)}: neither an admin nor the master superadmin may call it`);
}

function authHeader(caller: Caller): Record<string, string> {
  if (caller === 'admin') return { authorization: `Bearer ${world.a.admin.token}` };
  if (caller === 'master') return { authorization: `Bearer ${world.operators.master}` };
  if (caller === 'sending key') return { authorization: `Bearer ${env.domain.token}` };
  return {};
}

function setAtPath(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  if (!rest.length) return { ...target, [head]: value };
  const inner = (target[head] ?? {}) as Record<string, unknown>;
  return { ...target, [head]: setAtPath(inner, rest, value) };
}

/** The request for one case: a valid request with one field replaced by the hostile value. */
function buildRequest(endpoint: Endpoint, field: Field, abuse: AbuseCase) {
  const params: Record<string, string | number> = Object.fromEntries(
    Object.entries(fillParams(world, endpoint)).map(([name, p]) => [name, p.value]),
  );
  let query = sampleObject(endpoint.query);
  let body = sampleObject(endpoint.body, BODY_BASE[endpointKey(endpoint)] ?? {});
  if (field.where === 'params') params[field.name] = String(abuse.value);
  if (field.where === 'query') query = setAtPath(query, field.path, abuse.value);
  if (field.where === 'body') body = setAtPath(body, field.path, abuse.value);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const url = buildUrl(endpoint, params) + (search.size ? `?${search}` : '');
  return { url, payload: endpoint.method === 'GET' ? undefined : JSON.stringify(body) };
}

/**
 * Each case changes one field of a valid request; a request that is invalid anyway would be refused for the wrong
 * reason and prove nothing, so an endpoint whose sample is invalid fails (add a value to NAMED in contract-walk.ts).
 */
function validBaseProblems(endpoint: Endpoint): string[] {
  const params = Object.fromEntries(Object.entries(fillParams(world, endpoint)).map(([k, p]) => [k, String(p.value)]));
  const base = {
    params,
    query: sampleObject(endpoint.query),
    body: sampleObject(endpoint.body, BODY_BASE[endpointKey(endpoint)] ?? {}),
  };
  return (['params', 'query', 'body'] as const).flatMap((where) => {
    const result = endpoint[where].safeParse(base[where]);
    return result.success ? [] : [`no valid sample ${where}: ${result.error.issues.map((i) => i.message).join('; ')}`];
  });
}

/** Whether the case must be refused: always for NUL bytes and impossible dates, else when the field's schema would. */
const mustRefuse = (field: Field, abuse: AbuseCase) =>
  abuse.refuse === 'always' || (abuse.refuse === 'contract' && !field.schema.safeParse(abuse.value).success);

const endpointsWithFields = contractEndpoints()
  .map((endpoint) => ({ endpoint, fields: listFields(endpoint) }))
  .filter((e) => e.fields.length > 0);

describe('input abuse, generated from the contract: hostile values get a 4xx, never a 500 (issue 10)', () => {
  it.each(endpointsWithFields.map((e) => [endpointKey(e.endpoint), e] as const))('%s', async (key, {
    endpoint,
    fields,
  }) => {
    const ownsTenantParam = Object.values(fillParams(world, endpoint)).some((p) => p.owner === 'tenant');
    const failures = validBaseProblems(endpoint);
    const writes = endpoint.method !== 'GET';
    // The row counts after one case are the counts before the next: one count per case.
    let before = writes ? await countRows() : null;
    let index = 0;
    for (const field of fields) {
      for (const abuse of pickAbuseCases(field, `${key} ${field.where}.${field.path.join('.')}`)) {
        // Path parameters and query strings are text: an array only exists as a repeated query key.
        if (field.where === 'params' && typeof abuse.value !== 'string') continue;
        const caller = pickCaller(endpoint, index++, ownsTenantParam);
        const { url, payload } = buildRequest(endpoint, field, abuse);
        const headers = { ...authHeader(caller), ...(payload ? { 'content-type': 'application/json' } : {}) };
        const res = await env.t.app.inject({ method: endpoint.method, url, headers, payload });
        const what = `${field.where}.${field.path.join('.')} = ${abuse.label} (${caller})`;
        if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        else if (mustRefuse(field, abuse) && res.statusCode < 400) {
          failures.push(`${what}: ${res.statusCode}, expected a refusal`);
        }
        if (before) {
          const after = await countRows();
          const was = before;
          const changed = Object.keys(after).filter((table) => after[table] !== was[table]);
          const refused = res.statusCode >= 400 && res.statusCode < 500;
          if (refused && changed.length) failures.push(`${what}: refused with ${res.statusCode} but wrote ${changed}`);
          before = after;
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** The Mailgun- and SendGrid-shaped APIs are not in the contract: their own fields get the same hostile values. */
describe('input abuse on the Mailgun- and SendGrid-shaped sending APIs (issue 10)', () => {
  const messages = async () => (await env.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n;
  const mailgunBase = { from: 'shop@acme.test', to: 'x@dest.test', subject: 's', text: 't', 'o:testmode': 'yes' };
  const mailgunCases: Record<string, string>[] = [
    { subject: 'a\u0000b' },
    { text: 'a\u0000b' },
    { 'v:order': 'a\u0000b' },
    { 'v:a\u0000b': '1' },
    { 'o:tag': 'a\u0000b' },
    { 'h:X-Thing': 'a\u0000b' },
    { 'o:deliverytime': '+275760-09-13T00:00:00Z' },
    { to: 'a\u0000b@dest.test' },
  ];
  const sendgridBase = {
    personalizations: [{ to: [{ email: 'x@dest.test' }] }],
    from: { email: 'shop@acme.test' },
    subject: 's',
    content: [{ type: 'text/plain', value: 't' }],
    mail_settings: { sandbox_mode: { enable: true } },
  };
  const sendgridCases: Record<string, unknown>[] = [
    { subject: 'a\u0000b' },
    { content: [{ type: 'text/plain', value: 'a\u0000b' }] },
    { custom_args: { order: 'a\u0000b' } },
    { custom_args: { 'a\u0000b': '1' } },
    { categories: ['a\u0000b'] },
    { headers: { 'X-Thing': 'a\u0000b' } },
    { send_at: 1e12 },
    { send_at: -1 },
    { personalizations: [{ to: [{ email: 'a\u0000b@dest.test' }] }] },
  ];

  it('hostile Mailgun form fields answer 4xx and store nothing', async () => {
    const failures: string[] = [];
    for (const change of mailgunCases) {
      const before = await messages();
      const res = await env.t.app.inject({
        method: 'POST',
        url: '/v3/acme.test/messages',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`api:${env.domain.token}`).toString('base64')}`,
        },
        payload: new URLSearchParams({ ...mailgunBase, ...change }).toString(),
      });
      if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${JSON.stringify(change)}: ${res.statusCode}`);
      else if ((await messages()) !== before) failures.push(`${JSON.stringify(change)}: refused but stored`);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    [
      'a body cut short',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="to"\r\n\r\nx',
    ],
    ['a broken part header', 'multipart/form-data; boundary=x', '--x\r\nbroken'],
    ['no boundary', 'multipart/form-data', '--x--'],
  ])('a Mailgun form with %s answers 400', async (_what, type, payload) => {
    const authorization = `Basic ${Buffer.from(`api:${env.domain.token}`).toString('base64')}`;
    for (const url of ['/v3/acme.test/messages', '/v3/acme.test/messages.mime']) {
      const res = await env.t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type, authorization },
        payload,
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    }
  });

  it('hostile SendGrid body fields answer 4xx and store nothing', async () => {
    const failures: string[] = [];
    for (const change of sendgridCases) {
      const before = await messages();
      const res = await env.t.app.inject({
        method: 'POST',
        url: '/v3/mail/send',
        headers: { authorization: `Bearer ${env.domain.token}` },
        payload: { ...sendgridBase, ...change },
      });
      if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${JSON.stringify(change)}: ${res.statusCode}`);
      else if ((await messages()) !== before) failures.push(`${JSON.stringify(change)}: refused but stored`);
    }
    expect(failures).toEqual([]);
  });
});
