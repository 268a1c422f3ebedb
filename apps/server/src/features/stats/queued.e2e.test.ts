import type { AggregateEntry } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEventWorkers } from '../../event-workers.ts';
import { composeMessage } from '../../mail/message/compose.ts';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let env: MailEnv;
let workers: ReturnType<typeof startEventWorkers>;

beforeAll(async () => {
  env = await startMailEnv();
  workers = startEventWorkers(env.t.deps);
});
afterAll(async () => {
  await workers?.stop();
  await env?.close();
});

async function send(to: string[], deliverAt: Date | null) {
  const raw = await composeMessage({
    from: { address: 'app@acme.test' },
    to: to.map((address) => ({ address })),
    cc: [],
    bcc: [],
    subject: 'Later',
    text: 'Hello',
    headers: {},
    attachments: [],
  });
  return env.engine.intake.accept({
    source: 'api',
    customerId: env.tenant.cid,
    domainId: env.domain.id,
    domainName: null,
    raw,
    recipients: to,
    deliverAt,
  });
}

describe('the queued statistics category (S3-067)', () => {
  it('S3-067 counts each recipient of a scheduled message as queued until its time', async () => {
    const from = new Date(Date.now() - 3600_000).toISOString();
    await send(['later1@dest.test', 'later2@dest.test'], new Date(Date.now() + 3600_000));
    await send(['now@dest.test'], null);
    const events = await env.t.deps.db.query<{ recipient: string; event: string; reply: string | null }>(
      "SELECT recipient, event, reply FROM events WHERE event = 'queued' ORDER BY recipient",
    );
    expect(events.map((e) => e.recipient)).toEqual(['later1@dest.test', 'later2@dest.test']);
    expect(events[0]?.reply).toMatch(/^Scheduled for \d{4}-/);

    const stats = async () => {
      const res = await env.t.request<AggregateEntry[]>(
        'GET',
        `/api/stats/${env.domain.id}?format=aggregate&from=${from}`,
        { token: env.tenant.user.token },
      );
      const value = (name: string) => res.body.data?.find((e) => e.category === name)?.value ?? 0;
      return { accepted: value('accepted'), queued: value('queued') };
    };
    await expect.poll(stats, { timeout: 30_000 }).toEqual({ accepted: 3, queued: 2 });
  });
});
