import type { ErrorBody, InboundPolicy, RouteMatchResult } from '@mailwright/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeTestDomain } from '../../events/testing.ts';
import { makeOperators } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = useTestApp();
const { tenant, other } = useTenants(t);

const strict = {
  unmatched: 'hold',
  max_size: 4096,
  require_spf: true,
  require_dkim: false,
  require_dmarc: true,
  auth_failure: 'mark',
};

describe('routes/{domain}/policy (issue 13, S2-017)', () => {
  it('answers the defaults until saved, then the saved policy, with the receiving MX state and INBOUND_MAX_SIZE', async () => {
    const { did, name } = await makeTestDomain(t.deps.db, tenant.cid);
    const url = `/api/routes/${did}/policy`;
    const first = await t.request<InboundPolicy>('GET', url, { token: tenant.user.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      did,
      unmatched: 'reject',
      max_size: null,
      require_spf: false,
      require_dkim: false,
      require_dmarc: false,
      auth_failure: 'reject',
      size_limit: t.deps.config.inboundMaxSize,
      updated_at: null,
      receiving: {
        sandbox: false,
        host: name,
        mx_host: t.deps.config.inboundMxHost,
        state: 'unchecked',
        found: [],
        checked_at: null,
      },
    });
    const saved = await t.request<InboundPolicy>('PUT', url, { token: tenant.user.token, body: strict });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ ...strict, did, updated_at: expect.any(String) });
    const again = await t.request<InboundPolicy>('GET', url, { token: tenant.admin.token });
    expect(again.body.data).toEqual(saved.body.data);
    // Saved whole: what is left out returns to its default.
    const reset = await t.request<InboundPolicy>('PUT', url, { token: tenant.admin.token, body: {} });
    expect(reset.body.data).toMatchObject({ unmatched: 'reject', max_size: null, require_spf: false });
  });

  it('says a sandbox domain receives nothing (it has no receiving MX to publish)', async () => {
    const { did, name } = await makeTestDomain(t.deps.db, tenant.cid);
    await t.deps.db.query('UPDATE domains SET sandbox = true WHERE id = $1', [did]);
    const res = await t.request<InboundPolicy>('GET', `/api/routes/${did}/policy`, { token: tenant.user.token });
    expect(res.body.data?.receiving).toMatchObject({ sandbox: true, host: name, state: 'unchecked' });
  });

  it('answers 401 without a session, 404 for another customer’s domain (unchanged) and for an operator outside it', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const url = `/api/routes/${did}/policy`;
    expect((await t.request('GET', url)).status).toBe(401);
    expect((await t.request('PUT', url, { body: strict })).status).toBe(401);
    expect((await t.request('GET', url, { token: other.admin.token })).status).toBe(404);
    expect((await t.request('PUT', url, { token: other.user.token, body: strict })).status).toBe(404);
    const operators = await makeOperators(t);
    expect((await t.request('PUT', url, { token: operators.mta, body: strict })).status).toBe(404);
    const mine = await t.request<InboundPolicy>('GET', url, { token: tenant.user.token });
    expect(mine.body.data?.unmatched).toBe('reject');
    expect(mine.body.data?.updated_at).toBeNull();
  });

  it('bad input is a 400 with field errors: a size over INBOUND_MAX_SIZE or under 1 KB, unknown actions, non-booleans', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const url = `/api/routes/${did}/policy`;
    const refused = async (body: object) => {
      const res = await t.request('PUT', url, { token: tenant.user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return (res.body as ErrorBody).errors?.[0]?.field;
    };
    expect(await refused({ max_size: t.deps.config.inboundMaxSize + 1 })).toBe('max_size');
    expect(await refused({ max_size: 100 })).toBe('max_size');
    expect(await refused({ max_size: 'big' })).toBe('max_size');
    expect(await refused({ unmatched: 'discard' })).toBe('unmatched');
    expect(await refused({ auth_failure: 'quarantine' })).toBe('auth_failure');
    expect(await refused({ require_dkim: 'yes' })).toBe('require_dkim');
    expect((await t.request('GET', '/api/routes/abc/policy', { token: tenant.user.token })).status).toBe(400);
    const kept = await t.request<InboundPolicy>('GET', url, { token: tenant.user.token });
    expect(kept.body.data?.updated_at).toBeNull();
  });
});

describe('the test box with a pasted message (issue 13)', () => {
  const pasted = (to: string, subject: string, extra = '') =>
    `Return-Path: <alice@example.org>\nFrom: Alice <alice@example.org>\nTo: Desk <${to}>\nSubject: ${subject}\n${extra}\nHello\n`;

  it('matches the pasted header fields, reads the recipient from To, and says what each action would do', async () => {
    const { did, name } = await makeTestDomain(t.deps.db, tenant.cid);
    const token = tenant.user.token;
    const base = `/api/routes/${did}`;
    await t.request('POST', base, {
      token,
      body: {
        priority: 1,
        expression: { type: 'match_header', header: 'Subject', pattern: 'invoice' },
        actions: [
          { type: 'forward_url', url: 'https://hooks.example.com/in' },
          { type: 'store', days: 5 },
        ],
      },
    });
    await t.request('POST', base, {
      token,
      body: {
        priority: 2,
        expression: { type: 'catch_all' },
        actions: [{ type: 'forward_email', address: 'd@x.test' }],
      },
    });
    const match = async (body: object) => t.request<RouteMatchResult>('POST', `${base}/match`, { token, body });

    const invoice = (await match({ raw: pasted(`billing@${name}`, '=?UTF-8?Q?Your_Invoice?= 42') })).body.data;
    expect(invoice).toMatchObject({
      outcome: 'accept',
      recipient: `billing@${name}`,
      actions: ['forward("https://hooks.example.com/in")', 'store(days=5)', 'forward("d@x.test")'],
      pasted: { from: 'Alice <alice@example.org>', subject: 'Your Invoice 42', header_count: 4 },
    });
    expect(invoice?.effects.map((e) => e.action)).toEqual(invoice?.actions);
    expect(invoice?.effects[0]?.effect).toMatch(
      /^POSTed to https:\/\/hooks\.example\.com\/in in Mailgun's field names/,
    );
    expect(invoice?.effects[1]?.effect).toBe('Kept 5 days, listed and downloadable');
    expect(invoice?.effects[2]?.effect).toMatch(
      new RegExp(
        `^Re-sent to d@x\\.test .*DKIM-signed by ${name.replace(/\./g, '\\.')}, envelope sender SRS0=…@mwb\\.`,
      ),
    );
    // A recipient given explicitly wins over the message's To.
    const given = (await match({ recipient: `other@${name}`, raw: pasted(`billing@${name}`, 'Hi') })).body.data;
    expect(given).toMatchObject({ recipient: `other@${name}`, actions: ['forward("d@x.test")'] });
  });

  it("applies the domain's policy: unmatched mail held or bounced, a message over max_size refused with 552", async () => {
    const { did, name } = await makeTestDomain(t.deps.db, tenant.cid);
    const token = tenant.admin.token;
    const base = `/api/routes/${did}`;
    const match = async (raw: string) =>
      (await t.request<RouteMatchResult>('POST', `${base}/match`, { token, body: { raw } })).body
        .data as RouteMatchResult;
    expect((await match(pasted(`x@${name}`, 'Hi'))).message).toBe(
      'No enabled route matches: rejected at RCPT with 550',
    );
    await t.request('PUT', `${base}/policy`, {
      token,
      body: { unmatched: 'bounce', max_size: 2048, require_dkim: true },
    });
    const bounced = await match(pasted(`x@${name}`, 'Hi'));
    expect(bounced.outcome).toBe('no_match');
    expect(bounced.message).toMatch(/bounced to the sender by the domain's policy/);
    expect(bounced.effects).toEqual([
      {
        action: 'policy: authentication',
        effect:
          'DKIM must pass, checked by the MX on the real connection; failing mail is refused at DATA with 550 5.7.1',
      },
      {
        action: 'policy: unmatched bounce',
        effect: 'A delivery status notification from the null sender goes back to alice@example.org',
      },
    ]);
    const big = await match(pasted(`x@${name}`, 'Big', `X-Filler: ${'y'.repeat(3000)}\n`));
    expect(big.message).toMatch(/^Too large: refused at DATA with 552 5\.3\.4 \(\d+ bytes, the limit is 2048\)$/);
  });

  it('bad pasted input is a 400 on its field: no address at the domain, not a message, over 256 KB', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const url = `/api/routes/${did}/match`;
    const field = async (body: object) => {
      const res = await t.request('POST', url, { token: tenant.user.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      return (res.body as ErrorBody).errors?.[0];
    };
    expect(await field({ raw: pasted('someone@elsewhere.test', 'Hi') })).toMatchObject({
      field: 'recipient',
      message: expect.stringMatching(/^No address at .* in the message's To or Cc: enter the recipient$/),
    });
    expect((await field({ raw: 'just some text, no header' }))?.field).toBe('raw');
    expect((await field({ raw: `Subject: x\n\n${'a'.repeat(256 * 1024)}` }))?.field).toBe('raw');
    expect((await field({}))?.field).toBe('recipient');
    expect((await field({ raw: 42 }))?.field).toBe('raw');
    const anonymous = await t.request('POST', url, { body: { raw: pasted('a@b.test', 'x') } });
    expect(anonymous.status).toBe(401);
    expect((await t.request('POST', url, { token: other.admin.token, body: { recipient: 'a@b.test' } })).status).toBe(
      404,
    );
  });
});
