import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InboundMx, startInboundMx } from '../inbound/inbound-server.ts';
import { loadMailSecret } from '../mail-tokens.ts';
import { type MailEnv, startMailEnv } from '../testing/mail-env.ts';
import { RawSmtp, type SmtpReply } from '../testing/raw-smtp.ts';

/**
 * Issue 10: SMTP smuggling (SEC Consult, 2023): an end-of-data other than <CRLF>.<CRLF> (RFC 5321 4.1.1.4) must never
 * end the message, so commands hidden in a body never start a second transaction. The outside probe found none of
 * these; they stay here so it stays that way. Each chunk list is written as separate TCP writes.
 */
const SMUGGLED =
  'MAIL FROM:<x@evil.test>\r\nRCPT TO:<victim@rcpt.test>\r\nDATA\r\nFrom: ceo@bank.test\r\n\r\nsmuggled\r\n.\r\n';
const VARIANTS: { name: string; chunks: string[] }[] = [
  { name: '<LF>.<LF>', chunks: ['\n.\n'] },
  { name: '<LF>.<CRLF>', chunks: ['\n.\r\n'] },
  { name: '<CR>.<CR>', chunks: ['\r.\r'] },
  { name: '<CR>.<LF>', chunks: ['\r.\n'] },
  { name: '<CRLF>.<CR>', chunks: ['\r\n.\r'] },
  { name: '<CRLF>.<LF>', chunks: ['\r\n.\n'] },
  { name: '<LF>.<CR>', chunks: ['\n.\r'] },
  { name: '<CRLF><NUL>.<CRLF>', chunks: ['\r\n\x00.\r\n'] },
  { name: '.<CRLF> after a bare LF, in its own write', chunks: ['\n', '.\r\n'] },
  { name: '<CRLF>.<CR><CRLF>', chunks: ['\r\n.\r\r\n'] },
  { name: '<LF>.<LF> pipelined with the smuggled commands in one later write', chunks: ['\n.\n', ''] },
  { name: '<CRLF>.<LF> split after the dot', chunks: ['\r\n.', '\n'] },
];

let env: MailEnv;
let inbound: InboundMx;

beforeAll(async () => {
  env = await startMailEnv();
  const { config, log, db } = env.t.deps;
  inbound = await startInboundMx({
    config: { ...config, inboundSmtpPort: 0 },
    log,
    db,
    secret: await loadMailSecret(db),
  });
}, 60_000);
afterAll(async () => {
  await inbound?.close();
  await env?.close();
}, 60_000);

const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Sends a body with the variant, then the smuggled transaction ending in the real end; answers the replies. */
async function sendBody(smtp: RawSmtp, subject: string, chunks: string[]): Promise<SmtpReply[]> {
  smtp.write(`From: shop@acme.test\r\nTo: someone@dest.test\r\nSubject: ${subject}\r\n\r\nbefore`);
  const [first = '', ...rest] = chunks;
  smtp.write(first);
  for (const chunk of rest) {
    await pause();
    smtp.write(chunk);
  }
  if (rest.length > 0) await pause();
  // SMUGGLED ends with the one real <CRLF>.<CRLF>: everything before it is body.
  smtp.write(SMUGGLED);
  const replies = await smtp.drain(1_000);
  await smtp.command('QUIT');
  smtp.close();
  return replies;
}

async function expectNothingSmuggled() {
  const victims = await env.t.deps.db.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM message_recipients WHERE recipient ILIKE '%victim@rcpt.test%'",
  );
  const senders = await env.t.deps.db.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM messages WHERE from_address ILIKE '%evil.test%' OR from_address ILIKE '%bank.test%'",
  );
  expect([victims[0]?.n, senders[0]?.n]).toEqual(['0', '0']);
}

describe('SMTP smuggling (issue 10 probe)', () => {
  it.each(VARIANTS.map((v, i) => [v.name, i, v.chunks] as const))(
    'submission: %s never ends the message',
    async (_name, index, chunks) => {
      const recipient = `smuggle${index}@dest.test`;
      const smtp = await RawSmtp.open(env.smtpPort);
      expect((await smtp.next())?.code).toBe(220);
      expect((await smtp.command('EHLO client.test'))?.code).toBe(250);
      expect((await smtp.command('STARTTLS'))?.code).toBe(220);
      await smtp.startTls();
      expect((await smtp.command('EHLO client.test'))?.code).toBe(250);
      const token = Buffer.from(`\0${env.domain.smtpLogin}\0${env.domain.smtpPassword}`).toString('base64');
      expect((await smtp.command(`AUTH PLAIN ${token}`))?.code).toBe(235);
      expect((await smtp.command('MAIL FROM:<shop@acme.test>'))?.code).toBe(250);
      expect((await smtp.command(`RCPT TO:<${recipient}>`))?.code).toBe(250);
      expect((await smtp.command('DATA'))?.code).toBe(354);
      const replies = await sendBody(smtp, `variant ${index}`, chunks);

      // One reply to the one DATA: no 250s for a smuggled MAIL/RCPT and no second 354.
      expect(replies.map((r) => r.code)).toHaveLength(1);
      expect(smtp.malformed).toEqual([]);
      await expectNothingSmuggled();
      const stored = await env.t.deps.db.query<{ raw: Uint8Array }>(
        `SELECT b.raw FROM message_bodies b JOIN message_recipients r ON r.message_id = b.message_id
         WHERE r.recipient = $1`,
        [recipient],
      );
      if (replies[0]?.code === 250) {
        expect(stored).toHaveLength(1);
        const body = Buffer.from(stored[0]?.raw ?? []).toString('latin1');
        expect(body).toContain('smuggled');
        expect(body).toContain('victim@rcpt.test');
      } else {
        // Refusing the bare CR or LF outright is the other safe answer.
        expect(replies[0]?.code).toBeGreaterThanOrEqual(500);
        expect(stored).toHaveLength(0);
      }
    },
    20_000,
  );

  it.each(VARIANTS.map((v, i) => [v.name, i, v.chunks] as const))(
    'inbound MX (no authentication): %s never ends the message',
    async (_name, index, chunks) => {
      const smtp = await RawSmtp.open(inbound.port);
      expect((await smtp.next())?.code).toBe(220);
      expect((await smtp.command('EHLO remote.test'))?.code).toBe(250);
      expect((await smtp.command('MAIL FROM:<>'))?.code).toBe(250);
      expect((await smtp.command(`RCPT TO:<fbl@${env.t.deps.config.mailHostname}>`))?.code).toBe(250);
      expect((await smtp.command('DATA'))?.code).toBe(354);
      const replies = await sendBody(smtp, `inbound variant ${index}`, chunks);
      expect(replies).toHaveLength(1);
      expect(replies[0]?.code).not.toBe(354);
      expect(smtp.malformed).toEqual([]);
      await expectNothingSmuggled();
    },
    20_000,
  );
});
