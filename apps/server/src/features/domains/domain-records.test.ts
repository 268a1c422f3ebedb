import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DkimKey, generateDkimKey } from '../../mail/dns/dkim-keys.ts';
import { createDnsClient, type DnsClient } from '../../mail/dns/resolver.ts';
import { type LocalDns, startLocalDns } from '../../test/local-dns.ts';
import { checkRecords, isVerified } from './domain-records.ts';
import type { DomainRow } from './domains.repo.ts';

const TARGETS = { spfInclude: '_spf.mail.test', inboundMxHost: 'mx.mail.test', trackingHost: 'track.mail.test' };
let dns: LocalDns;
let client: DnsClient;
let key: DkimKey;
let sequence = 0;

beforeAll(async () => {
  dns = await startLocalDns();
  client = createDnsClient({ servers: dns.servers, timeoutMs: 1000 });
  key = await generateDkimKey();
});
afterAll(() => dns.stop());

/** A fresh domain name per case, so cases never see each other's records. */
function domainRow(): DomainRow {
  const name = `case${sequence++}.example.test`;
  return {
    id: sequence,
    customer_id: 1,
    name,
    state: 'unverified',
    dkim_selector: key.selector,
    dkim_public_key: key.publicKeyBase64,
    dkim_rotated_at: null,
    bounce_host: `mwb.${name}`,
    tracking_host: `mwt.${name}`,
    open_tracking: false,
    click_tracking: false,
    unsubscribe_tracking: true,
    sandbox: false,
    records: {},
    checked_at: null,
    verified_at: null,
    created_at: new Date(),
  };
}

describe('SPF judgement (RFC 7208)', () => {
  it.each([
    [['v=spf1 include:_spf.mail.test ~all'], 'valid'],
    [['v=spf1 ip4:192.0.2.1 +include:_SPF.mail.test -all'], 'valid'],
    [['google-site-verification=x', 'v=spf1 a mx include:_spf.mail.test ?all'], 'valid'],
    [['v=spf1 include:_spf.mail.test.evil.test ~all'], 'invalid'],
    [['v=spf1 -all'], 'invalid'],
    [['v=spf1 include:_spf.mail.test ~all', 'v=spf1 -all'], 'invalid'],
    [['google-site-verification=x'], 'missing'],
    [[], 'missing'],
  ] as const)('%j is %s', async (txt, state) => {
    const row = domainRow();
    if (txt.length) dns.set(row.name, 'TXT', [...txt]);
    expect((await checkRecords(client, TARGETS, row)).spf?.state).toBe(state);
  });
});

describe('DKIM judgement (RFC 6376 3.6.1)', () => {
  it('accepts the key with or without v= and k=, and with whitespace folded into p=', async () => {
    const p = key.publicKeyBase64;
    for (const record of [`v=DKIM1; k=rsa; p=${p}`, `p=${p}`, `v=DKIM1;p=${p.slice(0, 100)} ${p.slice(100)};`]) {
      const row = domainRow();
      dns.set(`${row.dkim_selector}._domainkey.${row.name}`, 'TXT', [record]);
      expect((await checkRecords(client, TARGETS, row)).dkim?.state, record.slice(0, 30)).toBe('valid');
    }
  });

  it('refuses another key, another key type or a revoked (empty) key', async () => {
    const otherKey = await generateDkimKey();
    for (const record of [
      `v=DKIM1; k=rsa; p=${otherKey.publicKeyBase64}`,
      `v=DKIM1; k=ed25519; p=${key.publicKeyBase64}`,
      'v=DKIM1; p=',
    ]) {
      const row = domainRow();
      dns.set(`${row.dkim_selector}._domainkey.${row.name}`, 'TXT', [record]);
      const check = (await checkRecords(client, TARGETS, row)).dkim;
      expect(check?.state).toBe('invalid');
      expect(check?.found).toEqual([record]);
    }
  });
});

describe('DMARC, return-path MX and tracking CNAME', () => {
  it.each([
    [['v=DMARC1; p=reject; rua=mailto:d@example.test'], 'valid'],
    [['v=DMARC1'], 'valid'],
    [['v=DMARC2; p=none'], 'invalid'],
    [['v=DMARC1; p=none', 'v=DMARC1; p=reject'], 'invalid'],
  ] as const)('DMARC %j is %s', async (txt, state) => {
    const row = domainRow();
    dns.set(`_dmarc.${row.name}`, 'TXT', [...txt]);
    expect((await checkRecords(client, TARGETS, row)).dmarc?.state).toBe(state);
  });

  it('accepts our MX among others (any preference) and the CNAME in any case', async () => {
    const row = domainRow();
    dns.set(row.bounce_host, 'MX', [
      { exchange: 'backup.example.test', priority: 5 },
      { exchange: 'MX.mail.test.', priority: 20 },
    ]);
    dns.set(row.tracking_host, 'CNAME', ['Track.Mail.Test.']);
    const records = await checkRecords(client, TARGETS, row);
    expect(records.return_path).toMatchObject({ state: 'valid', found: ['backup.example.test', 'mx.mail.test'] });
    expect(records.tracking).toMatchObject({ state: 'valid', found: ['track.mail.test'] });
  });

  it('verifies only when SPF, DKIM and the return-path MX are all valid', async () => {
    const row = domainRow();
    dns.set(row.name, 'TXT', ['v=spf1 include:_spf.mail.test ~all']);
    dns.set(`${row.dkim_selector}._domainkey.${row.name}`, 'TXT', [`p=${key.publicKeyBase64}`]);
    expect(isVerified(await checkRecords(client, TARGETS, row))).toBe(false);
    dns.set(row.bounce_host, 'MX', [{ exchange: 'mx.mail.test', priority: 10 }]);
    expect(isVerified(await checkRecords(client, TARGETS, row))).toBe(true);
  });

  it('reports a failing resolver as missing with the error', async () => {
    const silent = createDnsClient({ servers: ['127.0.0.1:9'], timeoutMs: 200 });
    const records = await checkRecords(silent, TARGETS, domainRow());
    expect(records.spf).toMatchObject({ state: 'missing', found: [] });
    expect(records.spf?.error).toMatch(/^E[A-Z]+$/);
    expect(isVerified(records)).toBe(false);
  });
});

describe('receiving MX (issue 13: the domain itself at our inbound host, for inbound routes)', () => {
  it.each([
    [[{ exchange: 'MX.mail.test.', priority: 10 }], 'valid'],
    // Ours shares the best preference with another: senders spread over both, ours is among the first tried.
    [
      [
        { exchange: 'mx.mail.test', priority: 10 },
        { exchange: 'mx2.example.test', priority: 10 },
      ],
      'valid',
    ],
    // Ours only as a backup: mail goes to the mailbox provider first (RFC 5321 5.1), we would see its overflow.
    [
      [
        { exchange: 'aspmx.example.test', priority: 1 },
        { exchange: 'mx.mail.test', priority: 20 },
      ],
      'invalid',
    ],
    [[{ exchange: 'aspmx.example.test', priority: 1 }], 'invalid'],
  ] as const)('MX %j is %s', async (mx, state) => {
    const row = domainRow();
    dns.set(
      row.name,
      'MX',
      mx.map((r) => ({ ...r })),
    );
    expect((await checkRecords(client, TARGETS, row)).receiving?.state).toBe(state);
  });

  it('is not required for sending: a domain verifies without it, and it is reported missing', async () => {
    const row = domainRow();
    dns.set(row.name, 'TXT', ['v=spf1 include:_spf.mail.test ~all']);
    dns.set(`${row.dkim_selector}._domainkey.${row.name}`, 'TXT', [`p=${key.publicKeyBase64}`]);
    dns.set(row.bounce_host, 'MX', [{ exchange: 'mx.mail.test', priority: 10 }]);
    const records = await checkRecords(client, TARGETS, row);
    expect(records.receiving).toMatchObject({ state: 'missing', host: row.name, value: 'mx.mail.test' });
    expect(isVerified(records)).toBe(true);
  });
});
