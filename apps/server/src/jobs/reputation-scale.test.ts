import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../test/local-dns.ts';
import { useTestApp } from '../test/setup.ts';
import { checkReputation } from './reputation.job.ts';

/**
 * A pass over 200 sending IPs against the local DNS (5 queries each: DNSWL, Sender Score, ZEN, SpamCop, Barracuda):
 * every row is written, each worsening notified once, and a second pass writes the same rows and notifies no one.
 * The time per IP is printed (docs/reputation.md, "Figures").
 */
let dns: LocalDns;
beforeAll(async () => {
  dns = await startLocalDns();
});
afterAll(async () => {
  await dns?.stop();
});
const t = useTestApp(() => ({ dnsServers: dns.servers }));

describe('reputation job at scale', () => {
  it('200 IPs: 1000 rows, 140 notices, then a rerun that adds nothing', { timeout: 300_000 }, async () => {
    for (let i = 0; i < 200; i++) {
      const ip = `198.51.100.${i + 1}`;
      await t.deps.db.query('INSERT INTO sending_ips (ip) VALUES ($1)', [ip]);
      const rev = ip.split('.').reverse().join('.');
      // Scores 50..99: 30 of every 50 are under 80 (120 notices); every tenth IP listed on ZEN (20 notices).
      dns.set(`${rev}.score.senderscore.com`, 'A', [`127.0.4.${50 + (i % 50)}`]);
      if (i % 10 === 0) dns.set(`${rev}.zen.spamhaus.org`, 'A', ['127.0.0.2']);
    }
    const rows = async () =>
      (
        await t.deps.db.one<{ n: number }>(
          'SELECT (SELECT count(*) FROM ip_reputation_history) + (SELECT count(*) FROM ip_blocklist_checks) AS n',
        )
      ).n;
    for (const [run, notices] of [
      [1, 140],
      [2, 0],
    ] as const) {
      const start = performance.now();
      const result = await checkReputation(t.deps);
      const ms = performance.now() - start;
      console.log(
        `reputation pass ${run}: ${result.ips} IPs in ${ms.toFixed(0)} ms (${(ms / result.ips).toFixed(1)} ms per IP)`,
      );
      expect(result).toMatchObject({ ips: 200, written: 1000, errors: 0, notices });
      expect(await rows()).toBe(1000);
    }
  });
});
