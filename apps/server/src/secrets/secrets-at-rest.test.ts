import { describe, expect, it } from 'vitest';
import { makeTestDomain } from '../events/testing.ts';
import { insertDomain } from '../features/domains/domains.repo.ts';
import { totp } from '../features/session/totp.ts';
import { findUserById } from '../features/users/users.repo.ts';
import { loadSigningKey } from '../features/webhooks/signing-key.ts';
import { findWebhook, insertWebhook } from '../features/webhooks/webhooks.repo.ts';
import { type DkimKey, generateDkimKey } from '../mail/dns/dkim-keys.ts';
import { findDomainByName, findDomainForCustomer } from '../mail/intake/sending-domain.repo.ts';
import { loadMailSecret } from '../mail/mail-tokens.ts';
import { queueSystemMail } from '../mail/system-mail.ts';
import { latestSystemMail } from '../mail/testing/system-mail-outbox.ts';
import { TEST_PASSWORD } from '../test/factories.ts';
import { useTenants, useTestApp } from '../test/setup.ts';
import { checkSealedKeys, countSecretsByKey, rotateSecrets, sealPlaintextSecrets } from './reseal.ts';
import { installSecretKeys, newSecretKeyEntry, parseSecretKeys, secretKeys } from './secret-keys.ts';

const t = useTestApp();
const { tenant, other } = useTenants(t);
const SEALED = /^enc:v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/;

const addDomain = async (name: string, key: DkimKey) => ({
  id: await insertDomain(t.deps.db, tenant.cid, { name, key, bounceHost: `mwb.${name}`, trackingHost: `mwt.${name}` }),
});
const column = async (sql: string, params: unknown[]) => (await t.deps.db.one<{ v: string }>(sql, params)).v;

describe('secrets at rest (issue 10 item 10)', () => {
  it('the TOTP secret is stored sealed; sign-in with a code still works', async () => {
    const token = tenant.admin.token;
    const secret = (await t.request<{ secret: string }>('GET', '/api/2fa', { token })).body.data?.secret as string;
    expect((await t.request('POST', '/api/2fa', { token, body: { code: totp(secret), secret } })).status).toBe(200);
    const stored = await column('SELECT totp_secret AS v FROM users WHERE id = $1', [tenant.admin.uid]);
    expect(stored).toMatch(SEALED);
    expect(stored).not.toContain(secret);
    expect((await findUserById(t.deps.db, tenant.admin.uid))?.totp_secret).toBe(secret);
    const login = { username: tenant.admin.username, password: TEST_PASSWORD, code: totp(secret, Date.now() + 30_000) };
    expect((await t.request('POST', '/api/login', { body: login })).status).toBe(200);
  });

  it('a DKIM private key is stored sealed to its domain; a key copied to another domain does not open', async () => {
    const key = await generateDkimKey();
    const domain = await addDomain('sealed-key.test', key);
    const stored = await column('SELECT dkim_private_key AS v FROM domains WHERE id = $1', [domain.id]);
    expect(stored).toMatch(SEALED);
    expect(stored).not.toContain('PRIVATE KEY');
    expect((await findDomainByName(t.deps.db, 'sealed-key.test'))?.dkim_private_key).toBe(key.privateKeyPem);

    const thief = await addDomain('thief.test', await generateDkimKey());
    await t.deps.db.query('UPDATE domains SET dkim_private_key = $2 WHERE id = $1', [thief.id, stored]);
    await expect(findDomainForCustomer(t.deps.db, tenant.cid, thief.id)).rejects.toThrow(/moved from another row/);
    await t.deps.db.query('DELETE FROM domains WHERE id = $1', [thief.id]);
  });

  it('the mail HMAC secret (VERP and unsubscribe tokens) is stored sealed and stays the same', async () => {
    const first = await loadMailSecret(t.deps.db);
    const stored = await column("SELECT value AS v FROM server_secrets WHERE name = 'mail'", []);
    expect(stored).toMatch(SEALED);
    expect(stored).not.toContain(first.toString('base64'));
    expect((await loadMailSecret(t.deps.db)).equals(first)).toBe(true);
  });

  it('a webhook URL with Basic credentials is stored sealed; the repo reads it back whole', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const domain = { id: did };
    const url = 'https://hook-user:s3cret-pass@hooks.example.com/mailwright';
    const row = await insertWebhook(t.deps.db, tenant.cid, domain.id, {
      event: 'delivered',
      url,
      format: 'json',
      enabled: true,
    });
    expect(row?.url).toBe(url);
    const stored = await column('SELECT url AS v FROM webhooks WHERE id = $1', [row?.id]);
    expect(stored).toMatch(SEALED);
    expect(stored).not.toContain('s3cret-pass');
    expect((await findWebhook(t.deps.db, tenant.cid, domain.id, row?.id as number))?.url).toBe(url);
  });

  it('the webhook signing key is stored sealed; the API shows it and webhooks are signed with it', async () => {
    const token = tenant.admin.token;
    for (const method of ['GET', 'PUT'] as const) {
      const shown = await t.request<{ id: number; token: string }>(method, '/api/tokens/signing', { token, body: {} });
      expect(shown.status).toBe(200);
      const key = shown.body.data?.token as string;
      const stored = await column('SELECT secret AS v FROM api_tokens WHERE id = $1', [shown.body.data?.id]);
      expect(stored).toMatch(SEALED);
      expect(stored).not.toContain(key);
      expect(await loadSigningKey(t.deps.db, tenant.cid)).toBe(key);
    }
  });

  it('a queued system mail keeps its body (and link token) sealed', async () => {
    const id = await queueSystemMail(t.deps.db, t.deps.log, {
      to: 'someone@example.com',
      subject: 'Reset',
      text: 'Open http://console.test/auth/reset/live-token-123',
      kind: 'password-reset',
    });
    const stored = await column('SELECT text_body AS v FROM system_mail WHERE id = $1', [id]);
    expect(stored).toMatch(SEALED);
    expect(stored).not.toContain('live-token-123');
    expect((await latestSystemMail(t.deps.db, 'id = $1', [id])).text).toContain('live-token-123');
  });
});

describe('the start-up pass and rotation (issue 10 item 10)', () => {
  it('seals every plaintext secret written before encryption, reads it back equal, and is idempotent', async () => {
    const { db } = t.deps;
    const key = await generateDkimKey();
    const domain = await addDomain('legacy.test', await generateDkimKey());
    await db.query('UPDATE domains SET dkim_private_key = $2 WHERE id = $1', [domain.id, key.privateKeyPem]);
    await db.query('UPDATE users SET totp_secret = $2 WHERE id = $1', [tenant.user.uid, 'JBSWY3DPEHPK3PXP']);
    const url = 'https://legacy:pw@legacy.example.com/hook';
    const { id: wid } = await db.one<{ id: number }>(
      `INSERT INTO webhooks (customer_id, domain_id, event, url) VALUES ($1, $2, 'opened', $3) RETURNING id`,
      [tenant.cid, domain.id, url],
    );
    const { id: mailId } = await db.one<{ id: number }>(
      `INSERT INTO system_mail (to_address, subject, text_body, kind)
       VALUES ('legacy@example.com', 'Invite', 'http://console.test/auth/invite/legacy-token', 'invitation') RETURNING id`,
    );
    await db.query(
      `INSERT INTO api_tokens (customer_id, role, token_hash, prefix, secret)
       VALUES ($1, 'sign', 'legacy-hash', 'mws_leg', 'legacy-signing-key')`,
      [other.cid],
    );
    const hmac = Buffer.alloc(32, 9).toString('base64');
    await db.query("UPDATE server_secrets SET value = $1 WHERE name = 'mail'", [hmac]);

    const counts = await sealPlaintextSecrets(db);
    expect(counts).toEqual({
      'users.totp_secret': 1,
      'domains.dkim_private_key': 1,
      'webhooks.url': 1,
      'server_secrets.value': 1,
      'api_tokens.secret': 1,
      'system_mail.text_body': 1,
    });
    for (const [table, col, id] of [
      ['domains', 'dkim_private_key', domain.id],
      ['users', 'totp_secret', tenant.user.uid],
      ['webhooks', 'url', wid],
      ['system_mail', 'text_body', mailId],
    ] as const) {
      expect(await column(`SELECT ${col} AS v FROM ${table} WHERE id = $1`, [id])).toMatch(SEALED);
    }
    expect((await findDomainByName(db, 'legacy.test'))?.dkim_private_key).toBe(key.privateKeyPem);
    expect((await findUserById(db, tenant.user.uid))?.totp_secret).toBe('JBSWY3DPEHPK3PXP');
    expect((await findWebhook(db, tenant.cid, domain.id, wid))?.url).toBe(url);
    expect((await latestSystemMail(db, 'id = $1', [mailId])).text).toBe('http://console.test/auth/invite/legacy-token');
    expect((await loadMailSecret(db)).toString('base64')).toBe(hmac);
    expect(await loadSigningKey(db, other.cid)).toBe('legacy-signing-key');
    expect(await sealPlaintextSecrets(db)).toEqual({});
    await db.query('DELETE FROM webhooks WHERE id = $1', [wid]);
  });

  it('rotate re-seals everything with the new first key; a removed key still in use stops the start', async () => {
    const { db } = t.deps;
    const before = secretKeys();
    const domain = await addDomain('rotate.test', await generateDkimKey());
    const webhook = await insertWebhook(db, tenant.cid, domain.id, {
      event: 'clicked',
      url: 'https://r:pw@rotate.example.com/',
      format: 'json',
      enabled: true,
    });
    const pem = (await findDomainByName(db, 'rotate.test'))?.dkim_private_key;
    const newEntry = newSecretKeyEntry();
    const newId = newEntry.split(':')[0] as string;
    const oldEntry = `${before.current.id}:${before.current.key.export().toString('base64')}`;
    try {
      await expect(checkSealedKeys(db, parseSecretKeys(newEntry, 'MAILWRIGHT_SECRET_KEYS'))).rejects.toThrow(
        `sealed with key "${before.current.id}", which MAILWRIGHT_SECRET_KEYS does not list`,
      );
      installSecretKeys(parseSecretKeys(`${newEntry},${oldEntry}`, 'MAILWRIGHT_SECRET_KEYS'));
      const resealed = await rotateSecrets(db);
      expect(resealed['domains.dkim_private_key']).toBeGreaterThanOrEqual(1);
      expect(Object.keys(await countSecretsByKey(db))).toEqual([newId]);

      installSecretKeys(parseSecretKeys(newEntry, 'MAILWRIGHT_SECRET_KEYS')); // the old key removed
      await checkSealedKeys(db);
      expect((await findDomainByName(db, 'rotate.test'))?.dkim_private_key).toBe(pem);
      expect((await findWebhook(db, tenant.cid, domain.id, webhook?.id as number))?.url).toBe(
        'https://r:pw@rotate.example.com/',
      );
      expect(await rotateSecrets(db)).toEqual({});
    } finally {
      // Back to the file's key for the tests after this one.
      installSecretKeys(parseSecretKeys(`${oldEntry},${newEntry}`, 'test'));
      await rotateSecrets(db);
      installSecretKeys(before);
    }
  });
});
