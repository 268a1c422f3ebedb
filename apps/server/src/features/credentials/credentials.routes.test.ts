import type { Credential, Domain } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { authenticateSmtpUser } from './smtp-auth.ts';

const t = useTestApp();
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: ['smtp.example.test', 'theirs.example.test'] });

type WithPassword = Credential & { password: string };
const base = () => `/api/domains/${domain.did}/credentials`;

describe('S7-053 SMTP users: /api/domains/:id/credentials', () => {
  it('S3-023 creates a user with a generated password shown once, lists and reads it without the password', async () => {
    const token = tenant.admin.token;
    const created = await t.request<WithPassword>('POST', base(), { token, body: { login: 'Mailer', note: 'app' } });
    expect(created.status).toBe(200);
    const credential = created.body.data as WithPassword;
    expect(credential).toMatchObject({
      did: domain.did,
      login: 'mailer@smtp.example.test',
      note: 'app',
      last_used_at: null,
    });
    expect(credential.crid).toBeGreaterThan(0);
    expect(credential.password).toMatch(/^[\w-]{24}$/);

    const list = await t.request<{ items: Credential[]; total_count: number }>('GET', base(), { token });
    expect(list.body.data?.total_count).toBe(1);
    expect(list.body.data?.items[0]).not.toHaveProperty('password');
    const read = await t.request<Credential>('GET', `${base()}/${credential.crid}`, { token });
    expect(read.body.data).toEqual(list.body.data?.items[0]);
    expect(read.body.data).not.toHaveProperty('password');

    const stored = await t.deps.db.one<{ password_hash: string }>(
      'SELECT password_hash FROM smtp_credentials WHERE id = $1',
      [credential.crid],
    );
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    const user = await authenticateSmtpUser(t.deps.db, 'MAILER@smtp.example.test', credential.password);
    expect(user).toEqual({
      customerId: tenant.cid,
      domainId: domain.did,
      domainName: 'smtp.example.test',
      domainState: 'unverified',
      credentialId: credential.crid,
    });
    const used = await t.request<Credential>('GET', `${base()}/${credential.crid}`, { token });
    expect(used.body.data?.last_used_at).not.toBeNull();
  });

  it('takes a chosen password and a full address at the domain; refuses other domains, short passwords, taken logins', async () => {
    const token = tenant.admin.token;
    const chosen = await t.request<WithPassword>('POST', base(), {
      token,
      body: { login: 'postmaster@smtp.example.test', password: 'chosen-password-1' },
    });
    expect(chosen.body.data).toMatchObject({ login: 'postmaster@smtp.example.test', password: 'chosen-password-1' });
    expect(await authenticateSmtpUser(t.deps.db, 'postmaster@smtp.example.test', 'chosen-password-1')).not.toBeNull();

    const elsewhere = await t.request('POST', base(), { token, body: { login: 'me@elsewhere.test' } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([
      { field: 'login', message: 'The login must be an address at smtp.example.test' },
    ]);
    const short = await t.request('POST', base(), { token, body: { login: 'x', password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0]?.field).toBe('password');
    const missing = await t.request('POST', base(), { token, body: {} });
    expect(missing.body.errors).toEqual([{ field: 'login', message: 'This field is required' }]);
    const taken = await t.request('POST', base(), { token, body: { login: 'POSTMASTER' } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: 'login', message: 'This login already exists' }]);
  });

  it('PUT resets the password (answered once): the old one stops working at once, even when it was cached', async () => {
    const token = tenant.admin.token;
    const created = await t.request<WithPassword>('POST', base(), { token, body: { login: 'reset' } });
    const { crid, password } = created.body.data as WithPassword;
    expect(await authenticateSmtpUser(t.deps.db, 'reset@smtp.example.test', password)).not.toBeNull();
    expect(await authenticateSmtpUser(t.deps.db, 'reset@smtp.example.test', password)).not.toBeNull();

    const reset = await t.request<WithPassword>('PUT', `${base()}/${crid}`, {
      token,
      body: { note: 'rotated', reset: true },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ crid, note: 'rotated' });
    const fresh = reset.body.data?.password as string;
    expect(fresh).not.toBe(password);
    expect(await authenticateSmtpUser(t.deps.db, 'reset@smtp.example.test', password)).toBeNull();
    expect(await authenticateSmtpUser(t.deps.db, 'reset@smtp.example.test', fresh)).not.toBeNull();
    expect(await authenticateSmtpUser(t.deps.db, 'reset@smtp.example.test', 'wrong-password')).toBeNull();
    expect(await authenticateSmtpUser(t.deps.db, 'nobody@smtp.example.test', fresh)).toBeNull();

    const chosen = await t.request<WithPassword>('PUT', `${base()}/${crid}`, {
      token,
      body: { password: 'another-pass-2' },
    });
    expect(chosen.body.data).toMatchObject({ password: 'another-pass-2', note: 'rotated' });
    const bad = await t.request('PUT', `${base()}/${crid}`, { token, body: { password: 'short' } });
    expect(bad.status).toBe(400);
  });

  it('PUT with a note only changes the note and keeps the password (issue 10 item 14)', async () => {
    const token = tenant.admin.token;
    const created = await t.request<WithPassword>('POST', base(), { token, body: { login: 'noted' } });
    const { crid, password } = created.body.data as WithPassword;
    const noted = await t.request<WithPassword>('PUT', `${base()}/${crid}`, { token, body: { note: 'billing app' } });
    expect(noted.status).toBe(200);
    expect(noted.body.data).toMatchObject({ crid, note: 'billing app', password: null });
    expect(await authenticateSmtpUser(t.deps.db, 'noted@smtp.example.test', password)).not.toBeNull();
    const nothing = await t.request<WithPassword>('PUT', `${base()}/${crid}`, { token, body: { reset: false } });
    expect(nothing.body.data).toMatchObject({ note: 'billing app', password: null });
    expect(await authenticateSmtpUser(t.deps.db, 'noted@smtp.example.test', password)).not.toBeNull();
  });

  it('DELETE removes the user; it can no longer authenticate; deleting the domain removes its users', async () => {
    const token = tenant.admin.token;
    const created = await t.request<WithPassword>('POST', base(), { token, body: { login: 'gone' } });
    const { crid, password } = created.body.data as WithPassword;
    expect(await authenticateSmtpUser(t.deps.db, 'gone@smtp.example.test', password)).not.toBeNull();
    expect((await t.request('DELETE', `${base()}/${crid}`, { token })).body.data).toEqual({
      message: 'SMTP user deleted',
    });
    expect(await authenticateSmtpUser(t.deps.db, 'gone@smtp.example.test', password)).toBeNull();
    expect((await t.request('GET', `${base()}/${crid}`, { token })).status).toBe(404);

    const temp = await t.request<Domain>('POST', '/api/domains', { token, body: { name: 'temp.example.test' } });
    const did = temp.body.data?.did as number;
    const user = await t.request<WithPassword>('POST', `/api/domains/${did}/credentials`, {
      token,
      body: { login: 'x' },
    });
    await t.request('DELETE', `/api/domains/${did}`, { token });
    expect(await authenticateSmtpUser(t.deps.db, 'x@temp.example.test', user.body.data?.password as string)).toBeNull();
  });

  it("answers 401, 403 for role user, 404 for another customer's domain or user, 400 for malformed ids", async () => {
    const created = await t.request<WithPassword>('POST', base(), {
      token: tenant.admin.token,
      body: { login: 'guarded' },
    });
    const crid = created.body.data?.crid as number;
    const theirs = await t.request<WithPassword>('POST', `/api/domains/${otherDomain.did}/credentials`, {
      token: other.admin.token,
      body: { login: 'theirs' },
    });
    const theirCrid = theirs.body.data?.crid as number;
    const calls: [string, string][] = [
      ['GET', base()],
      ['POST', base()],
      ['GET', `${base()}/${crid}`],
      ['PUT', `${base()}/${crid}`],
      ['DELETE', `${base()}/${crid}`],
    ];
    for (const [method, url] of calls) {
      const body = { login: 'someone' };
      expect((await t.request(method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await t.request(method, url, { token: tenant.user.token, body })).status, `${method} ${url}`).toBe(403);
      expect((await t.request(method, url, { token: other.admin.token, body })).status, `${method} ${url}`).toBe(404);
    }
    // Their user id under my domain, and my user id under their domain, are both unknown.
    expect((await t.request('GET', `${base()}/${theirCrid}`, { token: tenant.admin.token })).status).toBe(404);
    const mixed = await t.request('DELETE', `/api/domains/${otherDomain.did}/credentials/${crid}`, {
      token: other.admin.token,
    });
    expect(mixed.status).toBe(404);
    expect((await t.request('GET', `${base()}/abc`, { token: tenant.admin.token })).status).toBe(400);
    expect((await t.request('GET', '/api/domains/abc/credentials', { token: tenant.admin.token })).status).toBe(400);
  });
});
