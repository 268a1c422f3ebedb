import { Client } from '@sendgrid/client';
import sgMail from '@sendgrid/mail';
import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant } from '../../test/factories.ts';
import { type MailEnv, startMailEnv } from '../testing/mail-env.ts';
import { putOnTier } from '../testing/quota-tiers.ts';
import { periodOf } from './quota.ts';

/**
 * Issue 14: a hard-capped tier at its allowance is refused on every door with one text: the native API and the
 * Mailgun-shaped API with 402 {message}, the SendGrid-shaped API with 402 {errors}, SMTP submission with 452 4.5.3.
 * Each door is driven by the client its users have (mailgun.js, @sendgrid/mail, nodemailer).
 */
let env: MailEnv;
let baseUrl: string;
const ALLOWANCE = 4;

beforeAll(async () => {
  // Platform mail (the notices' e-mails) goes from a domain of the operators' own customer, as in production.
  env = await startMailEnv({
    systemMailDomain: 'platform.test',
    systemMailFrom: 'Mailwright <accounts@platform.test>',
  });
  await env.addDomain('platform.test', { tenant: await makeTenant(env.t) });
  env.routeToSink('example.com'); // the test users' addresses
  baseUrl = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
  await putOnTier(env.t.deps.db, env.tenant.cid, { msgIncluded: ALLOWANCE, hardCap: true });
}, 120_000);
afterAll(async () => {
  await env?.close();
}, 120_000);

const db = () => env.t.deps.db;
const count = async (sql: string) => (await db().one<{ n: number }>(sql)).n;
// The delivery worker runs meanwhile (queue rows of accepted mail come and go): what is refused is looked up by name.
const stored = async () => ({
  messages: await count(`SELECT count(*)::int AS n FROM messages WHERE customer_id = ${env.tenant.cid}`),
  refusedRecipients: await count("SELECT count(*)::int AS n FROM message_recipients WHERE recipient LIKE 'over-%'"),
  refusedQueued: await count(
    `SELECT count(*)::int AS n FROM delivery_queue q JOIN message_recipients r ON r.id = ANY(q.recipient_ids)
      WHERE r.recipient LIKE 'over-%'`,
  ),
});
const used = async () =>
  (await db().one<{ accepted: number }>('SELECT accepted FROM quota_usage WHERE customer_id = $1', [env.tenant.cid]))
    .accepted;
const mailgun = () => new Mailgun(FormData).client({ username: 'api', key: env.domain.token, url: baseUrl });
function sendgrid() {
  const client = new Client();
  client.setApiKey(env.domain.token);
  client.setDefaultRequest('baseUrl', baseUrl);
  sgMail.setClient(client);
  return sgMail;
}
const smtp = () =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: env.smtpPort,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user: env.domain.smtpLogin, pass: env.domain.smtpPassword },
  });

/** One message to `to` through each door; answers what each client saw. */
const doors = {
  native: (to: string) =>
    env.t.request<{ id: string }>('POST', '/api/v1/send', {
      token: env.domain.token,
      body: { from: { email: 'app@acme.test' }, to: [to], subject: 'Native', text: 'Hello' },
    }),
  mailgun: (to: string) =>
    mailgun()
      .messages.create('acme.test', { from: 'shop@acme.test', to, subject: 'Mailgun', text: 'Hello' })
      .catch((e: { status?: number; details?: string; message?: string }) => e),
  sendgrid: (to: string) =>
    sendgrid()
      .send({ from: 'shop@acme.test', to, subject: 'SendGrid', text: 'Hello' })
      .catch((e: { code?: number; response?: { body?: unknown } }) => e),
  smtp: (to: string) =>
    smtp()
      .sendMail({ from: 'shop@acme.test', to, subject: 'SMTP', text: 'Hello' })
      .catch((e: { responseCode?: number; response?: string }) => e),
};

describe('quota refusals on every door (issue 14; 402 is S8-001)', () => {
  it('under the allowance every door accepts, and each accepted recipient counts once', async () => {
    expect((await doors.native('q-native@dest.test')).status).toBe(200);
    expect(await doors.mailgun('q-mailgun@dest.test')).toMatchObject({ status: 200 });
    expect((await doors.sendgrid('q-sendgrid@dest.test')) as unknown[]).toMatchObject([{ statusCode: 202 }, '']);
    expect(await doors.smtp('q-smtp@dest.test')).toMatchObject({ accepted: ['q-smtp@dest.test'] });
    expect(await used()).toBe(ALLOWANCE);
  });

  it('at the allowance every door refuses with the same text, and nothing is stored or queued', async () => {
    const text = `Monthly quota exceeded: ${ALLOWANCE} of ${ALLOWANCE} messages used this period and this message needs 1 more; sending resumes on ${periodOf(new Date()).next} (UTC) or when the tier changes`;
    const before = await stored();

    const native = await doors.native('over-native@dest.test');
    expect({ status: native.status, body: native.body }).toEqual({ status: 402, body: { message: text } });

    const mg = (await doors.mailgun('over-mailgun@dest.test')) as { status?: number; details?: string };
    expect(mg.status).toBe(402);
    expect(mg.details).toContain(text);

    const sg = (await doors.sendgrid('over-sendgrid@dest.test')) as { code?: number; response?: { body?: unknown } };
    expect(sg.code).toBe(402);
    expect(sg.response?.body).toEqual({ errors: [{ message: text, field: null, help: null }] });

    const mail = (await doors.smtp('over-smtp@dest.test')) as { responseCode?: number; response?: string };
    expect(mail.responseCode).toBe(452);
    expect(mail.response).toBe(`452 4.5.3 ${text}`);

    expect(await stored()).toEqual(before);
    expect(before).toMatchObject({ messages: ALLOWANCE, refusedRecipients: 0, refusedQueued: 0 });
    expect(await used()).toBe(ALLOWANCE);
    // Each refusal is in the logs as a `rejected` event with the text.
    const rejected = await db().query<{ recipient: string; reply: string }>(
      "SELECT recipient, reply FROM events WHERE event = 'rejected' AND recipient LIKE 'over-%' ORDER BY recipient",
    );
    expect(rejected.map((r) => r.recipient)).toEqual([
      'over-mailgun@dest.test',
      'over-native@dest.test',
      'over-sendgrid@dest.test',
      'over-smtp@dest.test',
    ]);
    expect(new Set(rejected.map((r) => r.reply))).toEqual(new Set([text]));
    // The 100% notice came once, with the message that filled the allowance, not with each refusal.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM notifications WHERE customer_id = ${env.tenant.cid} AND kind = 'quota-100'`,
      ),
    ).toBe(1);
  });

  it("the 100% notice reaches the customer's admin by e-mail, and the bell of every user once", {
    timeout: 30_000,
  }, async () => {
    const admin = `${env.tenant.admin.username}@example.com`;
    await expect.poll(() => env.sink.receivedBy(admin).length, { timeout: 20_000 }).toBe(1);
    const raw = env.sink.receivedBy(admin)[0]?.raw.toString() ?? '';
    expect(raw).toMatch(/^Subject: Your monthly allowance is used up\r$/m);
    expect(raw).toContain(`further mail is refused until ${periodOf(new Date()).next} (UTC)`);
    // The notice is platform mail, from the operators' customer: the tenant's count is unchanged.
    expect(await used()).toBe(ALLOWANCE);
    // Users get the bell only; the notice is the customer's, shown to each of its users.
    expect(env.sink.receivedBy(`${env.tenant.user.username}@example.com`)).toHaveLength(0);
    const bell = await env.t.request<{ items: { kind: string; message: string }[] }>('GET', '/api/notifications', {
      token: env.tenant.user.token,
    });
    expect(bell.body.data?.items.filter((n) => n.kind.startsWith('quota-')).map((n) => n.kind)).toEqual(['quota-100']);
  });

  it('a bigger tier lets the same doors send again at once', async () => {
    await putOnTier(db(), env.tenant.cid, { msgIncluded: ALLOWANCE + 1, hardCap: true });
    expect((await doors.native('again-native@dest.test')).status).toBe(200);
    expect((await doors.native('again-native2@dest.test')).status).toBe(402);
  });
});
