import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';

/**
 * Issue 10 item 6 as reported: a role-`user` customer adds the pattern `*a*a*a*a*a*a*a*a*!`; one suppression check of
 * an address with 45 `a`s then blocked the whole process for seconds (minutes with 52), through the check endpoint
 * and through intake of a send with a sending key. Both must answer, with the right decision.
 */
// Starting the engine (DNS, MX sink, SMTP, worker) can take a while on a busy machine; the tests themselves may not.
vi.setConfig({ hookTimeout: 120_000 });
let env: MailEnv;

beforeAll(async () => {
  env = await startMailEnv();
});
afterAll(async () => {
  await env?.close();
});

const CRAFTED = '*a*a*a*a*a*a*a*a*!';
const address = (local: string, as: number) => `${local}@${'a'.repeat(as)}.test`;

async function addPattern(pattern: string) {
  const saved = await env.t.request('POST', `/api/domains/${env.domain.id}/patterns`, {
    token: env.tenant.user.token,
    body: { pattern },
  });
  expect(saved.status).toBe(200);
}

describe('issue 10 item 6: a crafted domain pattern cannot stall the process', () => {
  beforeAll(async () => {
    await addPattern(CRAFTED);
    await addPattern('y@*a*a*a*a*a*a*a*a*.test');
  });

  it('the suppression check of x@ + 45 and 52 a’s answers, not suppressed by the crafted pattern', async () => {
    for (const as of [45, 52]) {
      const check = await env.t.request<{ suppressed: boolean; pattern: string | null }>(
        'GET',
        `/api/suppressions/${env.domain.id}/check/${encodeURIComponent(address('x', as))}`,
        { token: env.tenant.user.token },
      );
      expect(check.status).toBe(200);
      expect(check.body.data).toMatchObject({ suppressed: false, pattern: null });
    }
    const blocked = await env.t.request<{ suppressed: boolean; pattern: string | null }>(
      'GET',
      `/api/suppressions/${env.domain.id}/check/${encodeURIComponent(address('y', 52))}`,
      { token: env.tenant.user.token },
    );
    expect(blocked.body.data).toMatchObject({ suppressed: true, pattern: 'y@*a*a*a*a*a*a*a*a*.test' });
  });

  it('a send through a sending key to such addresses completes: the crafted one queued, the matching one dropped', async () => {
    const sent = await env.t.request<{ id: string }>('POST', '/api/v1/send', {
      token: env.domain.token,
      body: {
        from: 'app@acme.test',
        to: [address('x', 45), address('x', 52), address('y', 52)],
        subject: 'Patterns',
        text: 'Hello',
      },
    });
    expect(sent.status).toBe(200);
    const rejected = await env.t.deps.db.query<{ recipient: string; reply: string }>(
      "SELECT recipient, reply FROM events WHERE event = 'rejected'",
    );
    expect(rejected).toEqual([
      { recipient: address('y', 52), reply: 'Recipient matches the domain pattern y@*a*a*a*a*a*a*a*a*.test' },
    ]);
  });
});
