import { beforeAll, describe, expect, it, vi } from 'vitest';
import { drainConsumer } from '../../events/consumer-runner.ts';
import { insertEvents, makeTestDomain, waitForFinalEvents } from '../../events/testing.ts';
import { loadMailSecret, unsubscribeToken } from '../../mail/mail-tokens.ts';
import { signTrackingToken } from '../../mail/tracking/tracking-tokens.ts';
import { makeCustomer } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { suppressionsConsumer } from '../suppressions/suppressions.consumer.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const t = useTestApp();
let secret: Buffer;
let cid: number;
let did: number;

beforeAll(async () => {
  secret = await loadMailSecret(t.deps.db);
  cid = await makeCustomer(t.deps.db);
  did = (await makeTestDomain(t.deps.db, cid)).did;
});

let sequence = 0;
/** A stored message to some recipients, each delivered ten minutes ago (as the engine records it). */
async function makeMessage(recipients: string[], tags: string[] = ['spring']) {
  const header = `m${sequence++}.${Date.now()}@example.com`;
  const { id } = await t.deps.db.one<{ id: number }>(
    `INSERT INTO messages (customer_id, domain_id, message_id_header, from_address, subject, size_bytes, tags, source)
     VALUES ($1, $2, $3, 'news@example.com', 'Hello', 100, $4::text[], 'api') RETURNING id`,
    [cid, did, header, tags],
  );
  const ids: number[] = [];
  for (const rcpt of recipients) {
    const row = await t.deps.db.one<{ id: number }>(
      `INSERT INTO message_recipients (message_id, customer_id, domain_id, recipient, recipient_domain, state)
       VALUES ($1, $2, $3, $4, $5, 'delivered') RETURNING id`,
      [id, cid, did, rcpt, rcpt.split('@')[1]],
    );
    ids.push(Number(row.id));
  }
  const deliveredAt = new Date(Date.now() - 600_000);
  await insertEvents(
    t.deps.db,
    recipients.map((recipient, i) => ({
      customerId: cid,
      domainId: did,
      event: 'delivered',
      recipient,
      messageId: Number(id),
      recipientId: ids[i] as number,
      createdAt: deliveredAt,
    })),
  );
  return { id: Number(id), header, recipientIds: ids };
}

const eventsOf = (messageId: number, event: string) =>
  t.deps.db.query<{ recipient: string; recipient_id: number | null; bot: boolean; url: string | null; tags: string[] }>(
    'SELECT recipient, recipient_id, bot, url, tags FROM events WHERE message_id = $1 AND event = $2 ORDER BY id',
    [messageId, event],
  );

const inject = (method: 'GET' | 'POST' | 'HEAD', url: string, headers: Record<string, string> = {}, payload?: string) =>
  t.app.inject({
    method,
    url,
    headers: { 'user-agent': PERSON, ...headers },
    ...(payload !== undefined ? { payload } : {}),
  });

describe('open pixel and click redirect', () => {
  it('answer a GIF and a 302, and record opened and clicked for the recipient with tags and url', async () => {
    const message = await makeMessage(['alice@example.net']);
    const claim = { domainId: did, messageId: message.header, recipient: 'alice@example.net' };
    const open = await inject('GET', `/t/o/${signTrackingToken(secret, { kind: 'open', ...claim })}`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/gif');
    expect(open.headers['cache-control']).toContain('no-store');
    expect(open.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');

    const url = 'https://shop.example/sale?x=1&y=2';
    const click = await inject('GET', `/t/c/${signTrackingToken(secret, { kind: 'click', ...claim, url })}`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(url);
    await waitForFinalEvents(t.deps.db);
    expect(await eventsOf(message.id, 'opened')).toEqual([
      {
        recipient: 'alice@example.net',
        recipient_id: message.recipientIds[0],
        bot: false,
        url: null,
        tags: ['spring'],
      },
    ]);
    expect(await eventsOf(message.id, 'clicked')).toEqual([
      { recipient: 'alice@example.net', recipient_id: message.recipientIds[0], bot: false, url, tags: ['spring'] },
    ]);
  });

  it('flag machine opens and clicks as bots instead of dropping them', async () => {
    const message = await makeMessage(['bob@example.net']);
    const claim = { domainId: did, messageId: message.header, recipient: 'bob@example.net' };
    const pixel = `/t/o/${signTrackingToken(secret, { kind: 'open', ...claim })}`;
    await inject('GET', pixel, { 'user-agent': 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' });
    await inject('HEAD', `/t/c/${signTrackingToken(secret, { kind: 'click', ...claim, url: 'https://example.org/' })}`);
    await inject('GET', pixel, { 'user-agent': 'Mozilla/5.0 Barracuda Sentinel' });
    expect((await eventsOf(message.id, 'opened')).map((e) => e.bot)).toEqual([true, true]);
    expect((await eventsOf(message.id, 'clicked')).map((e) => e.bot)).toEqual([true]);
  });

  it('refuse forged links: a click is a 404 page, a pixel stays a GIF but records nothing', async () => {
    const message = await makeMessage(['carol@example.net']);
    const claim = { domainId: did, messageId: message.header, recipient: 'carol@example.net' };
    const token = signTrackingToken(secret, { kind: 'click', ...claim, url: 'https://example.org/' });
    const forged = `${token.slice(0, -2)}xx`;
    const click = await inject('GET', `/t/c/${forged}`);
    expect(click.statusCode).toBe(404);
    expect(click.body).toContain('This link is not valid');
    // An open token is not a click token.
    expect((await inject('GET', `/t/c/${signTrackingToken(secret, { kind: 'open', ...claim })}`)).statusCode).toBe(404);
    const pixel = await inject('GET', `/t/o/${forged}`);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(await eventsOf(message.id, 'clicked')).toEqual([]);
    expect(await eventsOf(message.id, 'opened')).toEqual([]);
  });
});

describe('unsubscribe page and RFC 8058 one-click POST', () => {
  it('shows a confirmation page on GET (which changes nothing) and unsubscribes once on POST', async () => {
    const message = await makeMessage(['dave@example.net']);
    const token = unsubscribeToken(secret, { domainId: did, recipient: 'dave@example.net', messageId: message.header });
    const page = await inject('GET', `/unsubscribe/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<b>dave@example.net</b>');
    expect(page.body).toContain('<form method="post">');
    expect(await eventsOf(message.id, 'unsubscribed')).toEqual([]);

    // What a mailbox provider sends for the one-click header (RFC 8058 section 3.1).
    const oneClick = await inject(
      'POST',
      `/unsubscribe/${token}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      'List-Unsubscribe=One-Click',
    );
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('will no longer receive mail');
    const multipart = await inject(
      'POST',
      `/unsubscribe/${token}`,
      { 'content-type': 'multipart/form-data; boundary=XyZ' },
      '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XyZ--\r\n',
    );
    expect(multipart.statusCode).toBe(200);
    expect((await eventsOf(message.id, 'unsubscribed')).length).toBe(1);

    await waitForFinalEvents(t.deps.db);
    await drainConsumer(t.deps.db, suppressionsConsumer);
    const suppressed = await t.deps.db.query<{ type: string; domain_id: number }>(
      "SELECT type, domain_id FROM suppressions WHERE recipient = 'dave@example.net'",
    );
    expect(suppressed).toEqual([{ type: 'unsubscribe', domain_id: did }]);
  });

  it('asks for the address when the message went to several recipients, and accepts only one of them', async () => {
    const message = await makeMessage(['erin@example.net', 'frank@example.net']);
    const token = unsubscribeToken(secret, { domainId: did, recipient: '', messageId: message.header });
    const page = await inject('GET', `/unsubscribe/${token}`);
    expect(page.body).toContain('name="address"');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const stranger = await inject('POST', `/unsubscribe/${token}`, form, 'address=mallory%40example.net');
    expect(stranger.statusCode).toBe(400);
    const erin = await inject(
      'POST',
      `/unsubscribe/${token}`,
      form,
      'List-Unsubscribe=One-Click&address=Erin%40example.net',
    );
    expect(erin.statusCode).toBe(200);
    expect((await eventsOf(message.id, 'unsubscribed')).map((e) => e.recipient)).toEqual(['erin@example.net']);
  });

  it('answers 404 for a tampered link', async () => {
    const message = await makeMessage(['gina@example.net']);
    const token = unsubscribeToken(secret, { domainId: did, recipient: 'gina@example.net', messageId: message.header });
    const tampered = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    expect((await inject('GET', `/unsubscribe/${tampered}`)).statusCode).toBe(404);
    expect((await inject('POST', `/unsubscribe/${tampered}`, {}, '')).statusCode).toBe(404);
    expect(await eventsOf(message.id, 'unsubscribed')).toEqual([]);
  });
});
