import { Client } from '@sendgrid/client';
import sgMail from '@sendgrid/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';

/**
 * Issue 10, item 5: the SendGrid-shaped API refuses what SendGrid refuses (no subject, no content, over 1,000
 * recipients) and answers every error, a body that is not JSON included, in SendGrid's {errors: [...]} shape.
 */
let env: MailEnv;
let baseUrl: string;

beforeAll(async () => {
  env = await startMailEnv();
  baseUrl = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await env?.close();
});

const countMessages = async () => (await env.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n;

function sendgrid() {
  const client = new Client();
  client.setApiKey(env.domain.token);
  client.setDefaultRequest('baseUrl', baseUrl);
  sgMail.setClient(client);
  return sgMail;
}

const base = {
  from: { email: 'shop@acme.test' },
  personalizations: [{ to: [{ email: 'ok@dest.test' }] }],
  subject: 'Order',
  content: [{ type: 'text/plain', value: 'Thanks' }],
};

async function refusal(body: Record<string, unknown>) {
  const before = await countMessages();
  const error = await sendgrid()
    .send(body as never)
    .catch((e: { code?: number; response?: { body?: unknown } }) => e);
  expect(await countMessages()).toBe(before);
  return {
    status: (error as { code?: number }).code,
    body: (error as { response?: { body?: unknown } }).response?.body,
  };
}

describe('SendGrid-shaped API refuses as SendGrid does', () => {
  it('answers 400 without a subject, unless every personalization has one', async () => {
    const { subject: _subject, ...noSubject } = base;
    const refused = await refusal(noSubject);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [{ field: 'subject', message: expect.stringMatching(/^The subject is required/), help: null }],
    });
    const [accepted] = await sendgrid().send({
      ...noSubject,
      personalizations: [{ to: [{ email: 'ok@dest.test' }], subject: 'Own subject' }],
    } as never);
    expect(accepted.statusCode).toBe(202);
  });

  it('answers 400 without content, and for an empty content value', async () => {
    const { content: _content, ...noContent } = base;
    const refused = await refusal(noContent);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [{ field: 'content', message: expect.stringMatching(/the content parameter is required/), help: null }],
    });
    const empty = await refusal({ ...base, content: [{ type: 'text/plain', value: '' }] });
    expect(empty.body).toEqual({
      errors: [
        {
          field: 'content.0.value',
          message: 'The content value must be a string at least one character in length.',
          help: null,
        },
      ],
    });
  });

  it('names the limit when there are more than 1,000 recipients', async () => {
    const to = Array.from({ length: 600 }, (_, i) => ({ email: `r${i}@dest.test` }));
    const refused = await refusal({ ...base, personalizations: [{ to }, { to }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [
        {
          field: 'personalizations',
          message: 'Too many recipients: at most 1000 per request (to, cc and bcc of every personalization together)',
          help: null,
        },
      ],
    });
  });

  it("answers a body that is not JSON with SendGrid's {errors} shape, not {message}", async () => {
    const response = await env.t.app.inject({
      method: 'POST',
      url: '/v3/mail/send',
      headers: { authorization: `Bearer ${env.domain.token}`, 'content-type': 'application/json' },
      payload: '{"personalizations": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ message: 'Bad Request', field: null, help: null }] });
  });
});
