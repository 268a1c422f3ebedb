import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MailEnv, startMailEnv } from '../testing/mail-env.ts';
import { RawSmtp } from '../testing/raw-smtp.ts';

/**
 * Issue 10: the outside tester's 2,000 fuzzed SMTP sessions found no crash; they stay in the suite. Sessions are
 * plaintext (AUTH needs STARTTLS, so none can authenticate), drawn from real verbs with hostile arguments, 8 at a time.
 */
const SESSIONS = 2_000;
const PARALLEL = 8;

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('\0', '\r', '\n', '\r\n', '<', '>', '<<>>', '<@a,@b:c@d>', '"a b"@c', 'é@ü.test', '\u{1F600}'),
  fc.integer({ min: 1, max: 3 }).map((n) => 'A'.repeat(n * 700)),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map((n) => `SIZE=${n}`),
);
const argument = fc.array(hostile, { maxLength: 4 }).map((parts) => parts.join(''));

const command = fc.oneof(
  fc.tuple(fc.constantFrom('EHLO', 'HELO', 'VRFY', 'NOOP', 'RSET', 'DATA', 'QUIT', 'STARTTLS'), argument),
  fc.tuple(fc.constant('MAIL FROM:'), argument),
  fc.tuple(fc.constant('RCPT TO:'), argument),
  fc.tuple(fc.constantFrom('AUTH PLAIN', 'AUTH LOGIN'), argument),
  fc.tuple(fc.constant(''), argument),
);
const session = fc.record({
  commands: fc.array(command, { minLength: 1, maxLength: 8 }),
  body: argument,
});
type Session = { commands: [string, string][]; body: string };

let env: MailEnv;

beforeAll(async () => {
  env = await startMailEnv();
}, 60_000);
afterAll(async () => {
  await env?.close();
}, 60_000);

/** Sends one generated session; answers the reply codes seen and whether a malformed reply line came back. */
async function play(generated: Session): Promise<{ codes: number[]; malformed: string[] }> {
  const smtp = await RawSmtp.open(env.smtpPort);
  try {
    await smtp.next();
    for (const [verb, arg] of generated.commands) {
      const line = verb && arg ? `${verb} ${arg}` : verb || arg;
      // UTF-8 goes over the wire as its bytes (RawSmtp writes latin1 code units as bytes).
      const reply = await smtp.command(Buffer.from(line, 'utf8').toString('latin1'));
      if (!reply || smtp.isClosed) break;
      if (reply.code === 354) smtp.write(`${Buffer.from(generated.body, 'utf8').toString('latin1')}\r\n.\r\n`);
      if (reply.code === 334) smtp.write('Zm9v\r\n');
      // After 220 to STARTTLS the server waits for a TLS handshake this plaintext session will never make.
      if (reply.code === 220 && verb === 'STARTTLS') break;
    }
    await smtp.drain(50);
    return { codes: smtp.replies.map((r) => r.code), malformed: smtp.malformed };
  } finally {
    smtp.close();
  }
}

describe('SMTP submission fuzzing (issue 10 probe)', () => {
  it('survives 2,000 generated sessions: every reply is a 3-digit code, nothing is stored, no error is logged', async () => {
    const { log, db } = env.t.deps;
    const errors = vi.spyOn(log, 'error');
    const fatals = vi.spyOn(log, 'fatal');
    const before = await db.one<{ n: string }>('SELECT count(*)::text AS n FROM messages');
    const sessions = fc.sample(session, { numRuns: SESSIONS, seed: 20231218 }) as Session[];

    const codes: number[] = [];
    const malformed: string[] = [];
    for (let start = 0; start < sessions.length; start += PARALLEL) {
      const results = await Promise.all(sessions.slice(start, start + PARALLEL).map(play));
      for (const result of results) {
        codes.push(...result.codes);
        malformed.push(...result.malformed);
      }
    }

    expect(malformed).toEqual([]);
    expect(codes.every((code) => code >= 200 && code <= 599)).toBe(true);
    expect(codes.length).toBeGreaterThan(SESSIONS);
    expect(errors).not.toHaveBeenCalled();
    expect(fatals).not.toHaveBeenCalled();
    const after = await db.one<{ n: string }>('SELECT count(*)::text AS n FROM messages');
    expect(after.n).toBe(before.n);

    // Still listening, and a clean session works.
    const clean = await RawSmtp.open(env.smtpPort);
    expect((await clean.next())?.code).toBe(220);
    expect((await clean.command('EHLO client.test'))?.code).toBe(250);
    expect((await clean.command('QUIT'))?.code).toBe(221);
    clean.close();
  }, 110_000);
});
