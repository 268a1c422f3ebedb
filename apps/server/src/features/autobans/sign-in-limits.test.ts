import { describe, expect, it } from 'vitest';
import { BAN_MULTIPLE } from '../../security/attempt-guard.ts';
import { makeCustomer, makeUser, TEST_PASSWORD } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { totp } from '../session/totp.ts';

const PER_NAME = 3;
const PER_IP = 6;
const t = useTestApp({ loginMaxFailuresPerUser: PER_NAME, loginMaxFailuresPerIp: PER_IP });

interface Answer<T = unknown> {
  status: number;
  body: { data?: T; message?: string };
}

/** One API call from a given client address (Fastify's inject sets the socket's remote address). */
async function call<T = unknown>(
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  options: { ip?: string; token?: string; body?: object } = {},
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : {} };
}

const signIn = (ip: string, body: { username: string; password: string; code?: string; persist_code?: string }) =>
  call<{ token: string; persist_code: string | null }>('POST', '/api/login', { ip, body });

async function newUser() {
  const cid = await makeCustomer(t.deps.db);
  return makeUser(t.deps.db, cid, 'admin');
}

describe('sign-in limits (issue 10 item 9)', () => {
  it('counts an attempt before checking it: 40 parallel guesses get no more password checks than the limit', async () => {
    const { uid, username } = await newUser();
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(`10.0.1.${i + 1}`, { username, password: `guess-${i}` })),
    );
    const checked = guesses.filter((g) => g.status === 403).length;
    expect(checked).toBeLessThanOrEqual(PER_NAME);
    expect(guesses.filter((g) => g.status === 425)).toHaveLength(40 - checked);
    const rows = await t.deps.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM login_attempts WHERE user_id = $1 AND reason = 'password'",
      [uid],
    );
    expect(rows.n).toBeLessThanOrEqual(PER_NAME);
  });

  it("keeps the owner in on a remembered device while the account's name is over its limit and banned", async () => {
    const { username } = await newUser();
    const home = '10.0.2.1';
    const token = (await signIn(home, { username, password: TEST_PASSWORD })).body.data?.token as string;
    const setup = await call<{ secret: string }>('GET', '/api/2fa', { ip: home, token });
    const secret = setup.body.data?.secret as string;
    const enable = { code: totp(secret, Date.now() - 30_000), secret };
    expect((await call('POST', '/api/2fa', { ip: home, token, body: enable })).status).toBe(200);
    const remembered = await call<{ persist_code: string }>('POST', '/api/login', {
      ip: home,
      body: { username, password: TEST_PASSWORD, code: totp(secret), remember: true },
    });
    const persist = remembered.body.data?.persist_code as string;
    expect(persist).toBeTruthy();

    // Someone who knows the name guesses from many addresses until the name is banned.
    for (let i = 0; i < PER_NAME * BAN_MULTIPLE; i++) {
      await signIn(`10.0.3.${i + 1}`, { username, password: `guess-${i}` });
    }
    const bans = await call<{ items: { value: string; reason: string }[] }>('GET', '/api/autobans/user', {
      token: await t.login('admin', ADMIN_PASSWORD),
    });
    expect(bans.body.data?.items).toContainEqual(
      expect.objectContaining({ value: username.toLowerCase(), reason: expect.stringMatching(/failed sign-ins/) }),
    );

    const elsewhere = await signIn(home, { username, password: TEST_PASSWORD });
    expect(elsewhere.status).toBe(425);
    expect(elsewhere.body.message).toMatch(/^Sign-in as .+ is banned until .+ UTC after repeated failed attempts\.$/);
    const owner = await signIn(home, { username, password: TEST_PASSWORD, persist_code: persist });
    expect(owner.status).toBe(200);

    // A remembered device that keeps failing is remembered no more: a stolen persist code buys few guesses.
    for (let i = 0; i < PER_NAME; i++) {
      expect((await signIn(home, { username, password: 'wrong-again', persist_code: persist })).status).toBe(403);
    }
    expect((await signIn(home, { username, password: TEST_PASSWORD, persist_code: persist })).status).toBe(425);
  });

  it('bans an address that keeps guessing past its limit: sign-in and bearer calls answer 425 until lifted', async () => {
    const { username } = await newUser();
    const attacker = '10.0.4.9';
    const token = (await signIn(attacker, { username, password: TEST_PASSWORD })).body.data?.token as string;
    for (let i = 0; i < PER_IP * BAN_MULTIPLE; i++) {
      await signIn(attacker, { username: `nobody-${i}`, password: 'guess' });
    }
    const refused = await call('GET', '/api/login', { ip: attacker, token });
    expect(refused.status).toBe(425);
    expect(refused.body.message).toMatch(/^Sign-in from 10\.0\.4\.9 is banned until .+ UTC/);
    // The same address arriving IPv4-mapped on a dual-stack socket is the same address.
    expect((await call('GET', '/api/login', { ip: '::ffff:10.0.4.9', token })).status).toBe(425);
    expect((await signIn(attacker, { username, password: TEST_PASSWORD })).status).toBe(425);
    expect((await call('GET', '/api/login', { ip: '10.0.4.10', token })).status).toBe(200);

    const operator = await t.login('admin', ADMIN_PASSWORD);
    const listed = await call<{ items: { value: string; reason: string }[]; message: string }>(
      'GET',
      '/api/autobans/ip',
      { token: operator },
    );
    expect(listed.body.data?.items).toContainEqual(
      expect.objectContaining({
        value: attacker,
        reason: `${PER_IP * BAN_MULTIPLE} failed sign-ins from this address in 60 minutes`,
      }),
    );
    expect(listed.body.data?.message).toMatch(/IP address(es)? banned$/);
    const lifted = await call('DELETE', '/api/autoban/ip', { token: operator, body: { value: attacker } });
    expect(lifted.status).toBe(200);
    expect((await call('GET', '/api/login', { ip: attacker, token })).status).toBe(200);
    expect((await call('DELETE', '/api/autoban/ip', { token: operator, body: { value: attacker } })).status).toBe(404);
  });

  it('lifts a ban when it expires', async () => {
    const { username } = await newUser();
    const ip = '10.0.5.1';
    const token = (await signIn(ip, { username, password: TEST_PASSWORD })).body.data?.token as string;
    await t.deps.db.query(
      "INSERT INTO autobans (type, value, reason, expires_at) VALUES ('ip', $1, 'test', now() + interval '1 hour')",
      [ip],
    );
    expect((await call('GET', '/api/login', { ip, token })).status).toBe(425);
    await t.deps.db.query("UPDATE autobans SET expires_at = now() - interval '1 second' WHERE value = $1", [ip]);
    expect((await call('GET', '/api/login', { ip, token })).status).toBe(200);
    expect((await signIn(ip, { username, password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe('GET /api/autobans/{type} and DELETE /api/autoban/{type}', () => {
  it('S7-112 S7-113 are for superadmins: 401 without a session, 403 for an admin, 400 for an unknown type', async () => {
    const { username } = await newUser();
    const admin = (await signIn('127.0.0.1', { username, password: TEST_PASSWORD })).body.data?.token as string;
    expect((await call('GET', '/api/autobans/user')).status).toBe(401);
    expect((await call('GET', '/api/autobans/user', { token: admin })).status).toBe(403);
    expect((await call('DELETE', '/api/autoban/user', { token: admin, body: { value: 'x' } })).status).toBe(403);
    const operator = await t.login('admin', ADMIN_PASSWORD);
    expect((await call('GET', '/api/autobans/domain', { token: operator })).status).toBe(400);
    expect((await call('DELETE', '/api/autoban/user', { token: operator, body: {} })).status).toBe(400);
    const none = await call<{ items: unknown[]; message: string }>('GET', '/api/autobans/user', { token: operator });
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ items: expect.any(Array), message: expect.any(String) });
  });
});
