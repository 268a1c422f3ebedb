import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailEnv, SMTP_PASSWORD, startMailEnv } from '../../mail/testing/mail-env.ts';
import { BAN_MULTIPLE } from '../../security/attempt-guard.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

const run = promisify(execFile);
const PER_NAME = 3;
const PER_IP = 5;
let env: MailEnv;

beforeAll(async () => {
  env = await startMailEnv({ loginMaxFailuresPerUser: PER_NAME, loginMaxFailuresPerIp: PER_IP });
}, 60_000);
afterAll(async () => {
  await env?.close();
}, 60_000);

// Python's smtplib as the client, one connection and one AUTH PLAIN per attempt, from a chosen loopback source address (all of
// 127.0.0.0/8 is loopback), so each test is its own client. Prints [code, text] per attempt: the AUTH reply, or the
// reply that refused the connection.
const PY_AUTH = `
import json, smtplib, ssl, sys
port, source, attempts = int(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
ctx = ssl._create_unverified_context()
out = []
for user, password in attempts:
    try:
        with smtplib.SMTP('127.0.0.1', port, timeout=20, source_address=(source, 0)) as s:
            s.starttls(context=ctx)
            s.ehlo()
            # One mechanism per attempt (login() would try PLAIN, then LOGIN: two attempts).
            s.user, s.password = user, password
            try:
                code, text = s.auth('PLAIN', s.auth_plain)
            except smtplib.SMTPAuthenticationError as e:
                code, text = e.smtp_code, e.smtp_error
            except smtplib.SMTPResponseException as e:
                code, text = e.smtp_code, e.smtp_error
    except smtplib.SMTPConnectError as e:
        code, text = e.smtp_code, e.smtp_error
    except smtplib.SMTPServerDisconnected as e:
        code, text = 0, str(e).encode()
    out.append([code, text.decode()])
print(json.dumps(out))
`;

// The same attempts at once, one thread and connection each: a client's connection pool opening, or a parallel guesser.
const PY_PARALLEL = PY_AUTH.replace(
  'out = []\nfor user, password in attempts:',
  'out = []\ndef one(user, password):',
).replace(
  '    out.append([code, text.decode()])\nprint(json.dumps(out))',
  `    out.append([code, text.decode()])
import threading
threads = [threading.Thread(target=one, args=a) for a in attempts]
[t.start() for t in threads]
[t.join() for t in threads]
print(json.dumps(out))`,
);

async function authAttempts(
  source: string,
  attempts: [string, string][],
  { parallel = false } = {},
): Promise<[number, string][]> {
  const { stdout } = await run('python3', [
    '-c',
    parallel ? PY_PARALLEL : PY_AUTH,
    String(env.smtpPort),
    source,
    JSON.stringify(attempts),
  ]);
  return JSON.parse(stdout);
}

async function addCredential(login: string) {
  const res = await env.t.request<{ login: string }>('POST', `/api/domains/${env.domain.id}/credentials`, {
    token: env.tenant.admin.token,
    body: { login, password: SMTP_PASSWORD },
  });
  return res.body.data?.login as string;
}

describe('SMTP AUTH limits and auto-bans (issue 10 item 9)', () => {
  it('refuses AUTH for a login over its limit, the right password too, with 454 4.7.0', async () => {
    const login = await addCredential('limited');
    const wrong = Array.from({ length: PER_NAME }, (_, i): [string, string] => [login, `wrong-${i}`]);
    const replies = await authAttempts('127.0.0.2', [...wrong, [login, SMTP_PASSWORD]]);
    expect(replies.slice(0, PER_NAME).map(([code]) => code)).toEqual(Array(PER_NAME).fill(535));
    expect(replies[PER_NAME]).toEqual([454, '4.7.0 Too many failed authentication attempts. Try again in 15 minutes.']);
    // Another login from another address is not affected: the limit is per login and per address.
    const other = await authAttempts('127.0.0.3', [[env.domain.smtpLogin, SMTP_PASSWORD]]);
    expect(other[0]?.[0]).toBe(235);
  }, 60_000);

  it('serves a pool of connections opening at once with the right password, far more than the limits', async () => {
    const login = await addCredential('pooled');
    const pool = Array.from({ length: PER_IP * 3 }, (): [string, string] => [login, SMTP_PASSWORD]);
    const replies = await authAttempts('127.0.0.5', pool, { parallel: true });
    expect(replies.map(([code]) => code)).toEqual(Array(pool.length).fill(235));
  }, 60_000);

  it('gives parallel guesses no more password checks than the limit: the rest are refused with 454', async () => {
    const login = await addCredential('guessed');
    const guesses = Array.from({ length: PER_NAME * 4 }, (_, i): [string, string] => [login, `wrong-${i}`]);
    const codes = (await authAttempts('127.0.0.6', guesses, { parallel: true })).map(([code]) => code);
    expect(codes.filter((code) => code === 535)).toHaveLength(PER_NAME);
    expect(codes.filter((code) => code === 454)).toHaveLength(guesses.length - PER_NAME);
  }, 60_000);

  it('bans an address that keeps failing past its limit: refused at connection with 421 4.7.0 until lifted', async () => {
    const source = '127.0.0.4';
    const guesses = Array.from({ length: PER_IP * BAN_MULTIPLE }, (_, i): [string, string] => [
      `nobody${i}@acme.test`,
      'x',
    ]);
    const replies = await authAttempts(source, guesses);
    expect(replies.slice(0, PER_IP).every(([code]) => code === 535)).toBe(true);
    expect(replies[PER_IP]?.[0]).toBe(454);

    const [refused] = await authAttempts(source, [[env.domain.smtpLogin, SMTP_PASSWORD]]);
    expect(refused?.[0]).toBe(421);
    expect(refused?.[1]).toMatch(
      /^4\.7\.0 SMTP authentication from 127\.0\.0\.4 is banned until .+ UTC after repeated failed attempts\.$/,
    );

    const operator = await env.t.login('admin', ADMIN_PASSWORD);
    const bans = await env.t.request<{ items: { value: string; reason: string }[] }>('GET', '/api/autobans/ip', {
      token: operator,
    });
    expect(bans.body.data?.items).toContainEqual(
      expect.objectContaining({ value: source, reason: expect.stringMatching(/failed SMTP logins from this address/) }),
    );
    const lifted = await env.t.request('DELETE', '/api/autoban/ip', { token: operator, body: { value: source } });
    expect(lifted.status).toBe(200);
    // Lifted, the address connects again; it is still over its limit for a while, so AUTH answers 454, not 421.
    const [after] = await authAttempts(source, [[env.domain.smtpLogin, SMTP_PASSWORD]]);
    expect(after?.[0]).toBe(454);
  }, 120_000);
});
