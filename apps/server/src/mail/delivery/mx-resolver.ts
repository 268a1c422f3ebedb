import { Resolver } from 'node:dns/promises';
import type { BounceCategory } from '@mailwright/contract';

export interface MxTarget {
  /** The MX host name (for EHLO checks and the TLS server name). */
  host: string;
  ip: string;
  priority: number;
  /** Only for the sandbox catch-all MX (its own loopback port); MX hosts found in DNS use OUTBOUND_SMTP_PORT. */
  port?: number;
  /** The local address to send from and its EHLO name (a pool IP, mail/delivery/ip-pools.ts); none: any address. */
  source?: { ip: string; heloName: string | null };
}

export type MxResolution =
  | { ok: true; targets: MxTarget[] }
  | { ok: false; permanent: boolean; category: BounceCategory; reply: string };

const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
const NO_DOMAIN = 'ENOTFOUND';
const NO_RECORDS = 'ENODATA';

/**
 * Where to deliver mail for a domain: MX records by preference, each resolved to IPv4 addresses; with no MX at all
 * the domain itself is the implicit MX (RFC 5321 section 5.1); a "null MX" (RFC 7505) means the domain takes no mail.
 * Answers are cached for `cacheSeconds` (permanent failures for a minute, temporary ones not at all), and
 * concurrent lookups of one domain share a query.
 */
export class MxResolver {
  private readonly resolver: Resolver;
  private readonly cacheMs: number;
  private readonly cache = new Map<string, { until: number; answer: MxResolution }>();
  private readonly inFlight = new Map<string, Promise<MxResolution>>();

  constructor(options: { servers: readonly string[]; timeoutMs: number; cacheSeconds: number }) {
    this.resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
    if (options.servers.length) this.resolver.setServers([...options.servers]);
    this.cacheMs = options.cacheSeconds * 1000;
  }

  resolve(domain: string): Promise<MxResolution> {
    const key = domain.toLowerCase();
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.answer);
    const running = this.inFlight.get(key);
    if (running) return running;
    const lookup = this.lookup(key).then((answer) => {
      this.inFlight.delete(key);
      const ttl = answer.ok ? this.cacheMs : answer.permanent ? Math.min(this.cacheMs, 60_000) : 0;
      if (ttl > 0) this.cache.set(key, { until: Date.now() + ttl, answer });
      return answer;
    });
    this.inFlight.set(key, lookup);
    return lookup;
  }

  clear(): void {
    this.cache.clear();
  }

  private async lookup(domain: string): Promise<MxResolution> {
    let records: { exchange: string; priority: number }[];
    try {
      records = await this.resolver.resolveMx(domain);
    } catch (error) {
      if (code(error) === NO_DOMAIN) return bad(`550 5.1.2 Domain ${domain} does not exist`);
      if (code(error) !== NO_RECORDS) return temporary(`451 4.4.3 MX lookup for ${domain} failed (${code(error)})`);
      records = []; // no MX records: fall back to the domain's own address (RFC 5321 5.1)
    }
    const exchanges = records.map((r) => ({ host: r.exchange.replace(/\.$/, '').toLowerCase(), priority: r.priority }));
    if (exchanges.length === 1 && exchanges[0]?.host === '') {
      return bad(`556 5.1.10 Domain ${domain} accepts no mail (null MX, RFC 7505)`);
    }
    const hosts = exchanges.length
      ? exchanges.sort((a, b) => a.priority - b.priority)
      : [{ host: domain, priority: 0 }];
    const targets: MxTarget[] = [];
    let failure: string | null = null;
    for (const { host, priority } of hosts) {
      if (!host) continue;
      try {
        for (const ip of await this.resolver.resolve4(host)) targets.push({ host, ip, priority });
      } catch (error) {
        failure = code(error);
      }
    }
    if (targets.length) return { ok: true, targets };
    if (!exchanges.length && (failure === NO_DOMAIN || failure === NO_RECORDS)) {
      return bad(`550 5.1.2 Domain ${domain} has no MX and no address record`);
    }
    return temporary(`451 4.4.3 No address found for the MX hosts of ${domain} (${failure ?? 'no records'})`);
  }
}

const bad = (reply: string): MxResolution => ({ ok: false, permanent: true, category: 'bad-domain', reply });
const temporary = (reply: string): MxResolution => ({ ok: false, permanent: false, category: 'routing-errors', reply });
