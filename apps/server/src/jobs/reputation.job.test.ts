import { createServer, type Server } from 'node:http';
import type { IpReputation, IpReputationSummary } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type LocalDns, startLocalDns } from '../test/local-dns.ts';
import { useTestApp } from '../test/setup.ts';
import { ADMIN_PASSWORD } from '../test/test-app.ts';
import { checkReputation } from './reputation.job.ts';

/**
 * The reputation job against a local DNS server answering the DNSWL, Sender Score, allow-list and blocklist zones,
 * and a local HTTP server serving an SNDS export (issue 16: "histories and thresholds right, listings notified once").
 */

let dns: LocalDns;
let snds: Server;
let sndsUrl = '';
let sndsCsv = '';
const sndsKeys: string[] = [];

beforeAll(async () => {
  dns = await startLocalDns();
  snds = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    sndsKeys.push(url.searchParams.get('key') ?? '');
    if (url.pathname !== '/snds/data.aspx') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/csv' }).end(sndsCsv);
  });
  await new Promise<void>((ok) => snds.listen(0, '127.0.0.1', ok));
  const address = snds.address();
  sndsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/snds/data.aspx`;
});
afterAll(async () => {
  await dns?.stop();
  await new Promise((ok) => snds?.close(ok));
});

const t = useTestApp(() => ({
  dnsServers: dns.servers,
  reputation: {
    ...loadConfig({}).reputation,
    amiWhiteZone: 'allow.ops.test',
    sndsUrl,
    sndsKey: '11111111-2222-3333-4444-555555555555',
  },
}));

const A = '192.0.2.10';
const B = '192.0.2.11';
const C = '198.51.100.7';
const today = () => new Date().toISOString().slice(0, 10);
let token = '';

beforeAll(async () => {
  token = await t.login('admin', ADMIN_PASSWORD);
  await t.deps.db.query("UPDATE users SET email = 'ops@example.net' WHERE username = 'admin'");
  for (const ip of [A, B, C]) {
    await t.deps.db.query('INSERT INTO sending_ips (ip, ptr_host) VALUES ($1, $2)', [ip, `mta-${ip}.example.net`]);
  }
  dns.set('10.2.0.192.list.dnswl.org', 'A', ['127.0.15.3']);
  dns.set('10.2.0.192.allow.ops.test', 'A', ['127.0.0.2']);
  dns.set('10.2.0.192.score.senderscore.com', 'A', ['127.0.4.94']);
  dns.set('11.2.0.192.score.senderscore.com', 'A', ['127.0.4.75']);
  dns.set('7.100.51.198.score.senderscore.com', 'A', ['127.0.4.60']);
  dns.set('11.2.0.192.zen.spamhaus.org', 'A', ['127.0.0.2', '127.0.0.4']);
  // Spamhaus refusing the query (public resolver): an error, never a listing nor a notice.
  dns.set('7.100.51.198.zen.spamhaus.org', 'A', ['127.255.255.254']);
  dns.set('7.100.51.198.bl.spamcop.net', 'A', ['127.0.0.2']);
  const day = new Date();
  const mdy = `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`;
  sndsCsv = [
    `${A},${mdy} 12:00 AM,${mdy} 11:59 PM,14129,14129,13025,GREEN,< 0.1%,,,0,mta1.example.net,bounce@example.net,`,
    `${B},${mdy} 12:00 AM,${mdy} 11:59 PM,47386,47386,47384,YELLOW,0.2%,,,3,mta2.example.net,bounce@example.net,`,
    `${C},${mdy} 12:00 AM,${mdy} 11:59 PM,900,900,880,RED,0.5%,,,12,mta3.example.net,bounce@example.net,`,
    'garbage line',
  ].join('\r\n');
});

const notices = () =>
  t.deps.db.query<{ kind: string; message: string }>(
    "SELECT kind, message FROM notifications WHERE kind LIKE 'reputation-%' ORDER BY id",
  );
const history = (ip: string, period?: number) =>
  t.request<IpReputation>('GET', `/api/reputation/ip?ip=${ip}${period ? `&period=${period}` : ''}`, { token });

describe('reputation job (issue 16)', () => {
  it('S3-040 S3-041 S3-042 S3-043 writes the day of each type per IP, with the right fields', async () => {
    const run = await checkReputation(t.deps);
    expect(run.ips).toBe(3);
    expect(run.errors).toBe(1); // C's refused ZEN query
    expect(run.snds).toEqual({ rows: 3, skipped: 1, error: null });
    expect(sndsKeys).toEqual(['11111111-2222-3333-4444-555555555555']);
    const a = await history(A);
    expect(a.status).toBe(200);
    const d = today();
    expect(a.body.data?.reputations).toEqual(
      expect.arrayContaining([
        { type: 'dnswl', day: d, listed: true, trust: 'high' },
        { type: 'ami_white', day: d, listed: true, trust: 'medium' },
        { type: 'senderscore', day: d, score: 94, reputation: 'high' },
        { type: 'snds', day: d, filter: 'GREEN', msg_recipients: 13025, complaint_rate: '< 0.1%', trap_hits: 0 },
      ]),
    );
    expect(a.body.data?.reputations).toHaveLength(4);
    const b = await history(B);
    expect(b.body.data?.reputations).toContainEqual({ type: 'senderscore', day: d, score: 75, reputation: 'medium' });
    expect(b.body.data?.reputations).toContainEqual({ type: 'dnswl', day: d, listed: false, trust: null });
    expect(b.body.data?.blocklists).toContainEqual(
      expect.objectContaining({ zone: 'zen.spamhaus.org', listed: true, codes: ['127.0.0.2', '127.0.0.4'] }),
    );
    expect(b.body.data?.blocklists.find((l) => l.zone === 'zen.spamhaus.org')?.since).toEqual(expect.any(String));
    const c = await history(C);
    // The refused ZEN answer is not stored as data: no row for that zone at all.
    expect(c.body.data?.blocklist_history.map((row) => row.zone).sort()).toEqual([
      'b.barracudacentral.org',
      'bl.spamcop.net',
    ]);
  });

  it('notifies operators once per worsening: listings, Sender Score under 80 and 70, SNDS YELLOW and RED', async () => {
    const first = (await notices()).map((n) => n.message);
    expect(first).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`IP ${B} is listed on zen.spamhaus.org`),
        expect.stringContaining(`IP ${B}: Sender Score 75 (medium, below 80)`),
        expect.stringContaining(`IP ${C}: Sender Score 60 (low, below 70)`),
        expect.stringContaining(`IP ${C} is listed on bl.spamcop.net`),
        expect.stringContaining(`IP ${B}: Microsoft SNDS filter result YELLOW`),
        expect.stringContaining(`IP ${C}: Microsoft SNDS filter result RED`),
      ]),
    );
    expect(first).toHaveLength(6);
    expect(first.join('\n')).not.toContain(A);
    // Each notice is also an e-mail to the operator.
    const mails = await t.deps.db.query<{ to_address: string }>(
      "SELECT to_address FROM system_mail WHERE subject LIKE 'Reputation:%'",
    );
    expect(mails.map((m) => m.to_address)).toEqual(Array(6).fill('ops@example.net'));
  });

  it('a rerun the same day updates the rows in place and notifies nobody again', async () => {
    const count = () =>
      t.deps.db.one<{ h: number; b: number }>(
        'SELECT (SELECT count(*)::int FROM ip_reputation_history) AS h, (SELECT count(*)::int FROM ip_blocklist_checks) AS b',
      );
    const before = await count();
    dns.set('10.2.0.192.score.senderscore.com', 'A', ['127.0.4.91']);
    await checkReputation(t.deps);
    expect(await count()).toEqual(before);
    expect(await notices()).toHaveLength(6);
    const a = await history(A);
    expect(a.body.data?.reputations).toContainEqual({
      type: 'senderscore',
      day: today(),
      score: 91,
      reputation: 'high',
    });
  });

  it('delisted then listed again is a new notice; a DNSWL drop notifies; a rise does not', async () => {
    dns.remove('11.2.0.192.zen.spamhaus.org');
    await checkReputation(t.deps);
    expect(await notices()).toHaveLength(6);
    dns.set('11.2.0.192.zen.spamhaus.org', 'A', ['127.0.0.2']);
    dns.set('10.2.0.192.list.dnswl.org', 'A', ['127.0.15.1']);
    await checkReputation(t.deps);
    const after = (await notices()).slice(6).map((n) => n.message);
    expect(after).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`IP ${B} is listed on zen.spamhaus.org (127.0.0.2)`),
        `IP ${A}: dnswl trust dropped to low`,
      ]),
    );
    expect(after).toHaveLength(2);
    dns.set('10.2.0.192.list.dnswl.org', 'A', ['127.0.15.3']);
    await checkReputation(t.deps);
    expect(await notices()).toHaveLength(8);
  });

  it('S3-039 the list answers every IP under reputations, worst first', async () => {
    const res = await t.request<{ reputations: IpReputationSummary[]; snds_key: string | null }>(
      'GET',
      '/api/reputation/ips',
      { token },
    );
    expect(res.status).toBe(200);
    const list = res.body.data?.reputations ?? [];
    expect(res.body.data?.snds_key).toBe('environment');
    // C: score 60 and SNDS RED (critical); B: ZEN listing (critical, score 75); A: all good.
    expect(list.map((r) => [r.ip, r.level])).toEqual([
      [C, 'critical'],
      [B, 'critical'],
      [A, 'ok'],
    ]);
    expect(list[2]?.ptr_host).toBe(`mta-${A}.example.net`);
  });

  it('S9-040 the history defaults to 30 days; period narrows it', async () => {
    await t.deps.db.query(
      `INSERT INTO ip_reputation_history (ip, type, day, score, reputation)
       VALUES ($1, 'senderscore', current_date - 29, 82, 'high'), ($1, 'senderscore', current_date - 30, 50, 'low')`,
      [A],
    );
    const days = (r: Awaited<ReturnType<typeof history>>) =>
      (r.body.data?.reputations ?? []).filter((e) => e.type === 'senderscore').map((e) => e.day);
    const month = await history(A);
    expect(days(month)).toHaveLength(2);
    expect(month.body.data?.from).toBe(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
    expect(days(await history(A, 1))).toEqual([today()]);
  });

  it('the SNDS key an operator stores is sealed at rest and used instead of SNDS_KEY', async () => {
    const res = await t.request('PUT', '/api/reputation/snds-key', {
      token,
      body: { key: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' },
    });
    expect(res.status).toBe(200);
    const list = await t.request<{ snds_key: string | null }>('GET', '/api/reputation/ips', { token });
    expect(list.body.data?.snds_key).toBe('stored');
    const row = await t.deps.db.one<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'snds_key'");
    expect(row.value).not.toContain('aaaaaaaa');
    await checkReputation(t.deps);
    expect(sndsKeys.at(-1)).toBe('aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee');
  });
});
