import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueSystemMail } from '../mail/system-mail.ts';
import { rawHeader, verifyDkim } from '../mail/testing/dkim-check.ts';
import { type MailEnv, startMailEnv } from '../mail/testing/mail-env.ts';

let env: MailEnv;

beforeAll(async () => {
  env = await startMailEnv({ systemMailDomain: 'acme.test', systemMailFrom: 'Mailwright <accounts@acme.test>' });
  env.routeToSink('example.com'); // the test users' addresses
  // Tracking on, as an operator may have it: system mail must still go out with its links as written.
  await env.t.deps.db.query("UPDATE domains SET click_tracking = true, open_tracking = true WHERE name = 'acme.test'");
}, 60_000);
afterAll(async () => {
  await env?.close();
});

describe('system mail', () => {
  it('a password reset goes out through the engine from the system domain, DKIM-signed', {
    timeout: 30_000,
  }, async () => {
    const email = `${env.tenant.user.username}@example.com`;
    const res = await env.t.request('POST', '/api/password/reset', { body: { user: env.tenant.user.username } });
    expect(res.status).toBe(200);
    await expect.poll(() => env.sink.receivedBy(email).length, { timeout: 20_000 }).toBe(1);
    const message = env.sink.receivedBy(email)[0]!;
    expect(rawHeader(message.raw, 'From')).toBe('Mailwright <accounts@acme.test>');
    expect(rawHeader(message.raw, 'Subject')).toBe('Reset your Mailwright password');
    expect(message.raw.toString()).toContain('/auth/reset/');
    expect(await verifyDkim(message.raw, env.dns.servers)).toContainEqual({ domain: 'acme.test', result: 'pass' });
    const row = await env.t.deps.db.one<{ sent_at: Date | null; message_id: number | null }>(
      'SELECT sent_at, message_id FROM system_mail WHERE to_address = $1',
      [email],
    );
    expect(row.sent_at).not.toBeNull();
    const message_ = await env.t.deps.db.one<{ source: string; tags: string[] }>(
      'SELECT source, tags FROM messages WHERE id = $1',
      [row.message_id],
    );
    expect(message_).toEqual({ source: 'system', tags: ['system-password-reset'] });
  });

  it('parks a row whose address intake refuses, with the reason', { timeout: 30_000 }, async () => {
    const id = await queueSystemMail(env.t.deps.db, env.t.deps.log, {
      to: 'not-an-address',
      subject: 'Invitation',
      text: 'Join us',
      kind: 'invitation',
    });
    await expect
      .poll(
        async () =>
          (
            await env.t.deps.db.one<{ last_error: string | null }>('SELECT last_error FROM system_mail WHERE id = $1', [
              id,
            ])
          ).last_error,
        { timeout: 20_000 },
      )
      .toMatch(/Invalid recipient address/);
    const row = await env.t.deps.db.one<{ sent_at: Date | null; parked: boolean }>(
      "SELECT sent_at, attempt_after = 'infinity' AS parked FROM system_mail WHERE id = $1",
      [id],
    );
    expect(row).toEqual({ sent_at: null, parked: true });
    const body = await env.t.deps.db.one('SELECT text_body FROM system_mail WHERE id = $1', [id]);
    expect(body).toEqual({ text_body: null }); // failed for good: the body goes too
  });

  it('issue 10 item 10: once delivered, no database read finds the reset token, which still resets the password', {
    timeout: 40_000,
  }, async () => {
    const { db } = env.t.deps;
    const email = `${env.tenant.admin.username}@example.com`;
    await env.t.request('POST', '/api/password/reset', { body: { user: env.tenant.admin.username } });
    await expect.poll(() => env.sink.receivedBy(email).length, { timeout: 20_000 }).toBe(1);
    const text = (await simpleParser(env.sink.receivedBy(email)[0]!.raw)).text ?? '';
    // The link as written (not a click-tracking redirect, which would store the token with the click).
    const token = text.match(/http:\/\/console\.test\/auth\/reset\/([\w-]+)/)?.[1] as string;
    expect(token).toBeTruthy();
    await expect
      .poll(
        async () =>
          (
            await db.one<{ n: number }>(
              'SELECT count(*)::int AS n FROM system_mail WHERE text_body IS NOT NULL AND sent_at IS NOT NULL',
            )
          ).n,
        {
          timeout: 20_000,
        },
      )
      .toBe(0);

    // Every table, as text; bytea columns (message bodies) appear in hex.
    const tables = await db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const hex = Buffer.from(token).toString('hex');
    for (const { name } of tables) {
      const dump = await db.one<{ text: string | null }>(`SELECT string_agg(t::text, ' ') AS text FROM "${name}" t`);
      expect(dump.text ?? '', name).not.toContain(token);
      expect(dump.text ?? '', name).not.toContain(hex);
    }

    const change = await env.t.request('POST', '/api/password/change', {
      body: { token, new_password: 'after-reset-pass-1', new_password2: 'after-reset-pass-1' },
    });
    expect(change.status).toBe(200);
  });
});
