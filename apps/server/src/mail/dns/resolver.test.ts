import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../test/local-dns.ts';
import { generateDkimKey } from './dkim-keys.ts';
import { createDnsClient, type DnsClient } from './resolver.ts';

let dns: LocalDns;
let client: DnsClient;
beforeAll(async () => {
  dns = await startLocalDns();
  client = createDnsClient({ servers: dns.servers, timeoutMs: 1000 });
});
afterAll(() => dns.stop());

describe('DNS client against the local DNS server', () => {
  it('answers A, MX (sorted by preference), TXT and CNAME records', async () => {
    dns.set('mx.example.test', 'A', ['127.0.0.1']);
    dns.set('example.test', 'MX', [
      { exchange: 'backup.example.test', priority: 20 },
      { exchange: 'MX.Example.test.', priority: 10 },
    ]);
    dns.set('example.test', 'TXT', ['v=spf1 include:_spf.localhost ~all', 'other=1']);
    dns.set('mwt.example.test', 'CNAME', ['track.localhost']);
    expect((await client.a('mx.example.test')).values).toEqual(['127.0.0.1']);
    expect((await client.mx('example.test')).values).toEqual([
      { exchange: 'mx.example.test', priority: 10 },
      { exchange: 'backup.example.test', priority: 20 },
    ]);
    expect((await client.txt('EXAMPLE.test')).values.sort()).toEqual(['other=1', 'v=spf1 include:_spf.localhost ~all']);
    expect((await client.cname('mwt.example.test')).values).toEqual(['track.localhost']);
  });

  it('reports an unknown name and a name without records of the type as missing, not as a failure', async () => {
    expect(await client.txt('nothing-here.example.test')).toEqual({ values: [], error: null });
    dns.set('only-a.example.test', 'A', ['127.0.0.2']);
    expect(await client.mx('only-a.example.test')).toEqual({ values: [], error: null });
  });

  it('serves a 2048-bit DKIM key record, which needs two TXT strings and (over 512 bytes) TCP', async () => {
    const key = await generateDkimKey();
    const name = `${key.selector}._domainkey.a-rather-long-subdomain-name.for-truncation.example.test`;
    const value = `v=DKIM1; k=rsa; p=${key.publicKeyBase64}`;
    dns.set(name, 'TXT', [value, `${value} `]);
    const found = await client.txt(name);
    expect(found.error).toBeNull();
    expect(found.values.map((v) => v.trim())).toEqual([value, value]);
  });

  it('follows a CNAME for other record types, as a resolver sees it', async () => {
    dns.set('alias.example.test', 'CNAME', ['target.example.test']);
    dns.set('target.example.test', 'TXT', ['hello']);
    expect((await client.txt('alias.example.test')).values).toEqual(['hello']);
    dns.remove('alias.example.test');
    expect((await client.txt('alias.example.test')).values).toEqual([]);
  });

  it('reports a resolver that does not answer as an error', async () => {
    const silent = createDnsClient({ servers: ['127.0.0.1:9'], timeoutMs: 200 });
    const answer = await silent.txt('example.test');
    expect(answer.values).toEqual([]);
    expect(answer.error).toMatch(/^E[A-Z]+$/);
  });
});
