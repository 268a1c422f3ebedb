import type { SigningKey, Token, TokenIp, TokenWithSecret } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { authenticateSendingToken, isIpAllowed } from './token-auth.ts';

const t = useTestApp();
const { tenant, other, domain, otherDomain } = useTenants(t, {
  domains: ['keys.example.test', 'their-keys.example.test'],
});

type List<T> = { items: T[]; total_count: number };

async function createPrimary(token: string, note = '') {
  const res = await t.request<TokenWithSecret>('POST', '/api/tokens', { token, body: { role: 'primary', note } });
  expect(res.status).toBe(200);
  return res.body.data as TokenWithSecret;
}

async function createSending(token: string, did: number, note = '') {
  const res = await t.request<TokenWithSecret>('POST', `/api/tokens/${did}`, {
    token,
    body: { role: 'sending', note },
  });
  expect(res.status).toBe(200);
  return res.body.data as TokenWithSecret;
}

describe('primary keys: GET/POST /api/tokens, DELETE /api/tokens/:id', () => {
  it('S3-020 S7-039 S7-040 S7-041 creates (secret once), lists without the secret, authenticates, revokes', async () => {
    const token = tenant.admin.token;
    const created = await createPrimary(token, 'CI pipeline');
    expect(created).toMatchObject({ role: 'primary', note: 'CI pipeline', did: null, domain: null });
    expect(created.token).toMatch(/^mwp_[\w-]{40}$/);
    expect(created.prefix).toBe(created.token.slice(0, 8));

    const list = await t.request<List<Token>>('GET', '/api/tokens?role=primary', { token });
    expect(list.body.data?.items.map((k) => k.id)).toContain(created.id);
    expect(list.body.data?.items[0]).not.toHaveProperty('token');
    const stored = await t.deps.db.one<{ token_hash: string; secret: string | null }>(
      'SELECT token_hash, secret FROM api_tokens WHERE id = $1',
      [created.id],
    );
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.secret).toBeNull();

    expect(await authenticateSendingToken(t.deps.db, created.token, '203.0.113.9')).toEqual({
      customerId: tenant.cid,
      domainId: null,
      tokenId: created.id,
    });
    const used = await t.request<List<Token>>('GET', '/api/tokens', { token });
    expect(used.body.data?.items.find((k) => k.id === created.id)?.last_used_at).not.toBeNull();

    expect((await t.request('DELETE', `/api/tokens/${created.id}`, { token })).body.data).toEqual({
      message: 'API key deleted',
    });
    expect(await authenticateSendingToken(t.deps.db, created.token, '203.0.113.9')).toBeNull();
    const after = await t.request<List<Token>>('GET', '/api/tokens', { token });
    expect(after.body.data?.items.map((k) => k.id)).not.toContain(created.id);
    expect((await t.request('DELETE', `/api/tokens/${created.id}`, { token })).status).toBe(404);
  });

  it('answers 400 for another role or a malformed body, 401, 403 for role user, 404 for another customer', async () => {
    const token = tenant.admin.token;
    const sending = await t.request('POST', '/api/tokens', { token, body: { role: 'sending' } });
    expect(sending.status).toBe(400);
    expect(sending.body.errors?.[0]?.field).toBe('role');
    expect((await t.request('POST', '/api/tokens', { token, body: { role: 'primary', note: 5 } })).status).toBe(400);
    expect((await t.request('GET', '/api/tokens?role=sign', { token })).status).toBe(400);
    expect((await t.request('GET', '/api/tokens')).status).toBe(401);
    expect((await t.request('POST', '/api/tokens', { body: { role: 'primary' } })).status).toBe(401);
    expect((await t.request('GET', '/api/tokens', { token: tenant.user.token })).status).toBe(403);
    expect(
      (await t.request('POST', '/api/tokens', { token: tenant.user.token, body: { role: 'primary' } })).status,
    ).toBe(403);
    const mine = await createPrimary(token);
    expect((await t.request('DELETE', `/api/tokens/${mine.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/tokens/${mine.id}`, { token: tenant.user.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/tokens/${mine.id}`)).status).toBe(401);
    expect((await t.request('DELETE', '/api/tokens/x', { token })).status).toBe(400);
    expect(await authenticateSendingToken(t.deps.db, mine.token, '192.0.2.1')).not.toBeNull();
  });
});

describe('sending keys: GET/POST /api/tokens/:domain', () => {
  it('S7-043 S7-044 creates a key for one domain and lists the domain keys', async () => {
    const token = tenant.admin.token;
    const created = await createSending(token, domain.did, 'web shop');
    expect(created).toMatchObject({ role: 'sending', did: domain.did, domain: 'keys.example.test', note: 'web shop' });
    expect(created.token).toMatch(/^mw_[\w-]{40}$/);
    const list = await t.request<List<Token>>('GET', `/api/tokens/${domain.did}`, { token });
    expect(list.body.data?.items.map((k) => k.id)).toEqual([created.id]);
    const all = await t.request<List<Token>>('GET', '/api/tokens?role=sending', { token });
    expect(all.body.data?.items.map((k) => k.id)).toContain(created.id);
    expect(await authenticateSendingToken(t.deps.db, created.token, '192.0.2.1')).toEqual({
      customerId: tenant.cid,
      domainId: domain.did,
      tokenId: created.id,
    });
    // One character changed (never to itself: a token may already end in x).
    const altered = `${created.token.slice(0, -1)}${created.token.endsWith('x') ? 'y' : 'x'}`;
    expect(await authenticateSendingToken(t.deps.db, altered, '192.0.2.1')).toBeNull();
    expect(await authenticateSendingToken(t.deps.db, 'not-a-token', '192.0.2.1')).toBeNull();
  });

  it("answers 400 for another role, 401, 403 for role user, 404 for another customer's domain", async () => {
    const token = tenant.admin.token;
    const url = `/api/tokens/${domain.did}`;
    const wrong = await t.request('POST', url, { token, body: { role: 'primary' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'role', message: 'A domain key has role sending' }]);
    for (const method of ['GET', 'POST']) {
      const body = { role: 'sending' };
      expect((await t.request(method, url, { body })).status).toBe(401);
      expect((await t.request(method, url, { token: tenant.user.token, body })).status).toBe(403);
      expect((await t.request(method, `/api/tokens/${otherDomain.did}`, { token, body })).status).toBe(404);
      expect((await t.request(method, '/api/tokens/0', { token, body })).status).toBe(400);
    }
  });
});

describe('webhook signing key: GET/PUT /api/tokens/signing (S7-042)', () => {
  it('makes the key on first read, answers the same key again, and rotates it in place', async () => {
    const token = tenant.admin.token;
    const first = await t.request<SigningKey>('GET', '/api/tokens/signing', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ role: 'sign' });
    expect(first.body.data?.token).toMatch(/^mws_[\w-]{40}$/);
    const again = await t.request<SigningKey>('GET', '/api/tokens/signing', { token });
    expect(again.body.data).toEqual(first.body.data);

    const rotated = await t.request<SigningKey>('PUT', '/api/tokens/signing', { token, body: { note: 'v2' } });
    expect(rotated.body.data).toMatchObject({ id: first.body.data?.id, role: 'sign', note: 'v2' });
    expect(rotated.body.data?.token).not.toBe(first.body.data?.token);
    const kept = await t.request<SigningKey>('PUT', '/api/tokens/signing', { token });
    expect(kept.body.data?.note).toBe('v2');
    // The signing key is no API key: it cannot send, nor be deleted or given an IP list.
    expect(await authenticateSendingToken(t.deps.db, kept.body.data?.token as string, '192.0.2.1')).toBeNull();
    const id = kept.body.data?.id as number;
    expect((await t.request('DELETE', `/api/tokens/${id}`, { token })).status).toBe(404);
    expect((await t.request('GET', `/api/tokens/${id}/security`, { token })).status).toBe(404);

    const theirs = await t.request<SigningKey>('GET', '/api/tokens/signing', { token: other.admin.token });
    expect(theirs.body.data?.id).not.toBe(id);
  });

  it('answers 401, 403 for role user and 400 for a malformed body', async () => {
    expect((await t.request('GET', '/api/tokens/signing')).status).toBe(401);
    expect((await t.request('PUT', '/api/tokens/signing')).status).toBe(401);
    expect((await t.request('GET', '/api/tokens/signing', { token: tenant.user.token })).status).toBe(403);
    expect((await t.request('PUT', '/api/tokens/signing', { token: tenant.user.token })).status).toBe(403);
    const bad = await t.request('PUT', '/api/tokens/signing', { token: tenant.admin.token, body: { note: ['x'] } });
    expect(bad.status).toBe(400);
  });
});

describe('key IP allow-list: /api/tokens/:id/security (S3-021, S3-022, S7-045, S7-046)', () => {
  it('adds addresses and blocks, lists them, enforces them on authentication, removes them', async () => {
    const token = tenant.admin.token;
    const key = await createSending(token, domain.did);
    const url = `/api/tokens/${key.id}/security`;
    const empty = await t.request<List<TokenIp>>('GET', url, { token });
    expect(empty.body.data).toEqual({ items: [], total_count: 0 });

    const block = await t.request<TokenIp>('PUT', url, { token, body: { ipv4: ' 198.51.100.0/24 ', note: 'office' } });
    expect(block.status).toBe(200);
    expect(block.body.data).toMatchObject({
      tid: key.id,
      ipv4: '198.51.100.0/24',
      ip4_ranges: ['198.51.100.0/24'],
      note: 'office',
    });
    const single = await t.request<TokenIp>('PUT', url, { token, body: { ipv4: '203.0.113.7/32' } });
    expect(single.body.data).toMatchObject({ ipv4: '203.0.113.7', ip4_ranges: ['203.0.113.7/32'], note: '' });

    const list = await t.request<List<TokenIp>>('GET', url, { token });
    expect(list.body.data?.items.map((e) => e.ipv4)).toEqual(['198.51.100.0/24', '203.0.113.7']);

    expect(await authenticateSendingToken(t.deps.db, key.token, '198.51.100.200')).toMatchObject({ tokenId: key.id });
    expect(await authenticateSendingToken(t.deps.db, key.token, '::ffff:203.0.113.7')).toMatchObject({
      tokenId: key.id,
    });
    expect(await authenticateSendingToken(t.deps.db, key.token, '203.0.113.8')).toBe('ip-denied');
    expect(await authenticateSendingToken(t.deps.db, key.token, '2001:db8::1')).toBe('ip-denied');

    const tipid = single.body.data?.tipid as number;
    expect((await t.request('DELETE', `${url}/${tipid}`, { token })).body.data).toEqual({
      message: 'IP entry deleted',
    });
    expect((await t.request('DELETE', `${url}/${tipid}`, { token })).status).toBe(404);
    const blockId = block.body.data?.tipid as number;
    await t.request('DELETE', `${url}/${blockId}`, { token });
    expect(await authenticateSendingToken(t.deps.db, key.token, '203.0.113.8')).toMatchObject({ tokenId: key.id });
  });

  it('S5-013 answers field errors for malformed or duplicate entries', async () => {
    const token = tenant.admin.token;
    const key = await createPrimary(token);
    const url = `/api/tokens/${key.id}/security`;
    for (const ipv4 of ['', '256.1.1.1', '10.0.0.1/33', '10.0.0.01', 'example.test', '2001:db8::/32']) {
      const res = await t.request('PUT', url, { token, body: { ipv4 } });
      expect(res.status, ipv4).toBe(400);
      expect(res.body.errors?.[0]?.field, ipv4).toBe('ipv4');
    }
    const hostBits = await t.request('PUT', url, { token, body: { ipv4: '10.0.0.7/24' } });
    expect(hostBits.body.errors).toEqual([
      { field: 'ipv4', message: '10.0.0.7/24 has host bits set; did you mean 10.0.0.0/24?' },
    ]);
    expect((await t.request('PUT', url, { token, body: { ipv4: '10.1.1.1' } })).status).toBe(200);
    const dup = await t.request('PUT', url, { token, body: { ipv4: '10.1.1.1/32' } });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([{ field: 'ipv4', message: 'This address is already on the list' }]);
  });

  it("answers 401, 403 for role user, 404 for another customer's key or entry, 400 for malformed ids", async () => {
    const token = tenant.admin.token;
    const mine = await createPrimary(token);
    const theirs = await createPrimary(other.admin.token);
    const theirEntry = await t.request<TokenIp>('PUT', `/api/tokens/${theirs.id}/security`, {
      token: other.admin.token,
      body: { ipv4: '192.0.2.1' },
    });
    const mineUrl = `/api/tokens/${mine.id}/security`;
    for (const [method, url] of [
      ['GET', mineUrl],
      ['PUT', mineUrl],
      ['DELETE', `${mineUrl}/1`],
    ] as const) {
      const body = { ipv4: '192.0.2.2' };
      expect((await t.request(method, url, { body })).status).toBe(401);
      expect((await t.request(method, url, { token: tenant.user.token, body })).status).toBe(403);
      expect((await t.request(method, url, { token: other.admin.token, body })).status).toBe(404);
    }
    // Their entry id under my key is unknown too.
    const mixed = await t.request('DELETE', `${mineUrl}/${theirEntry.body.data?.tipid}`, { token });
    expect(mixed.status).toBe(404);
    expect((await t.request('GET', '/api/tokens/abc/security', { token })).status).toBe(400);
    expect((await t.request('DELETE', `${mineUrl}/abc`, { token })).status).toBe(400);
  });
});

describe("S2-108 S5-026 token IP ranges of a primary key are the customer own admin's to change", () => {
  it("lets a superadmin acting inside the customer read them, but not add or remove (403); a sending key's they may", async () => {
    const primary = await createPrimary(tenant.admin.token);
    const sending = await createSending(tenant.admin.token, domain.did);
    const url = `/api/tokens/${primary.id}/security`;
    const entry = await t.request<TokenIp>('PUT', url, { token: tenant.admin.token, body: { ipv4: '192.0.2.9' } });
    expect(entry.status).toBe(200);

    const operator = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.request('PUT', `/api/proxy/${tenant.cid}`, { token: operator })).status).toBe(200);
    expect((await t.request<List<TokenIp>>('GET', url, { token: operator })).body.data?.total_count).toBe(1);
    const add = await t.request('PUT', url, { token: operator, body: { ipv4: '192.0.2.10' } });
    expect(add.status).toBe(403);
    expect(add.body.message).toMatch(/customer's own admin/);
    expect((await t.request('DELETE', `${url}/${entry.body.data?.tipid}`, { token: operator })).status).toBe(403);
    expect((await t.request<List<TokenIp>>('GET', url, { token: tenant.admin.token })).body.data?.total_count).toBe(1);

    const sendingUrl = `/api/tokens/${sending.id}/security`;
    expect((await t.request('PUT', sendingUrl, { token: operator, body: { ipv4: '192.0.2.11' } })).status).toBe(200);
  });
});

describe('isIpAllowed', () => {
  it.each([
    ['192.0.2.5', [], true],
    ['192.0.2.5', ['192.0.2.0/24'], true],
    ['192.0.3.5', ['192.0.2.0/24'], false],
    ['10.9.9.9', ['0.0.0.0/0'], true],
    ['::ffff:192.0.2.5', ['192.0.2.5'], true],
    ['::1', ['127.0.0.1'], false],
  ] as const)('%s in %j is %s', (ip, cidrs, allowed) => {
    expect(isIpAllowed(ip, cidrs)).toBe(allowed);
  });
});
