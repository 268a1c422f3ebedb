import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken } from '../mail-tokens.ts';
import { rawHeader } from '../testing/dkim-check.ts';
import { prepareMessage, type Trace } from './prepare.ts';
import type { SendingDomain } from './sending-domain.ts';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const domain: SendingDomain = {
  id: 7,
  customerId: 3,
  name: 'acme.test',
  verified: true,
  sandbox: false,
  dkimSelector: 'mw1',
  dkimPrivateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  bounceHost: 'mwb.acme.test',
  trackingHost: 'mwt.acme.test',
  trackingBaseUrl: 'https://mwt.acme.test',
  unsubscribeTracking: true,
  openTracking: false,
  clickTracking: false,
};
const secret = Buffer.alloc(32, 7);
const smtp: Trace = {
  from: 'client.example.test',
  ip: '::ffff:192.0.2.10',
  protocol: 'ESMTPSA',
  by: 'mw.example.test',
};
const raw = Buffer.from('From: Shop <shop@acme.test>\r\nTo: ann@dest.test\r\nSubject: Hi\r\n\r\none\rtwo\nthree\r\n');

const prepare = (recipients: string[], trace: Trace = smtp) =>
  prepareMessage(raw, { domain, recipients, tags: [], secret, trace });

describe('prepareMessage', () => {
  it('adds a Received: trace field on top (RFC 5321 4.4): EHLO name, address literal, protocol, id and date', async () => {
    const { raw: out } = await prepare(['ann@dest.test']);
    const head = out.toString('utf8');
    expect(rawHeader(out, 'received')).toMatch(
      /^from client\.example\.test \(\[192\.0\.2\.10\]\) by mw\.example\.test \(Mailwright\) with ESMTPSA id [0-9a-z]+; \w{3}, \d{2} \w{3} \d{4} [\d:]{8} \+0000$/,
    );
    expect(head.indexOf('\r\nReceived:')).toBeLessThan(head.indexOf('\r\nList-Unsubscribe:'));
    const ipv6 = await prepare(['ann@dest.test'], { ...smtp, ip: '2001:db8::1', from: 'bad;name (x)\r\n[y]' });
    expect(rawHeader(ipv6.raw, 'received')).toMatch(/^from badnamexy \(\[IPv6:2001:db8::1\]\) by /);
  });

  it('makes every line end CRLF before signing', async () => {
    const { raw: out } = await prepare(['ann@dest.test']);
    expect(out.toString('latin1')).toMatch(/\r\n\r\none\r\ntwo\r\nthree\r\n$/);
    expect(/\r(?!\n)|(?<!\r)\n/.test(out.toString('latin1'))).toBe(false);
  });

  it('signs a message to one recipient with its own List-Unsubscribe; leaves one to several unsigned for delivery', async () => {
    const one = await prepare(['ann@dest.test']);
    expect(one.personalize).toBeNull();
    expect(one.raw.toString('latin1')).toMatch(/^DKIM-Signature: /);
    const token = rawHeader(one.raw, 'list-unsubscribe')?.match(/\/unsubscribe\/([^>]+)>$/)?.[1] ?? '';
    expect(readUnsubscribeToken(secret, token)).toMatchObject({ domainId: 7, recipient: 'ann@dest.test' });

    const several = await prepare(['ann@dest.test', 'ben@dest.test']);
    expect(several.personalize).toEqual({
      unsubscribe: true,
      opens: false,
      clicks: false,
      trackingBaseUrl: 'https://mwt.acme.test',
    });
    expect(several.raw.toString('latin1')).not.toMatch(/DKIM-Signature|List-Unsubscribe/);
  });

  it('says when the message needs SMTPUTF8: UTF-8 in a header field or a recipient address', async () => {
    expect((await prepare(['ann@dest.test'])).utf8).toBe(false);
    expect((await prepare(['zoë@dest.test'])).utf8).toBe(true);
    const utf8 = Buffer.from('From: Café <shop@acme.test>\r\nSubject: 件名\r\n\r\nx\r\n', 'utf8');
    const prepared = await prepareMessage(utf8, { domain, recipients: ['a@dest.test'], tags: [], secret, trace: smtp });
    expect(prepared.utf8).toBe(true);
  });
});
