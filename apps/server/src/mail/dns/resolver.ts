import { Resolver } from 'node:dns/promises';

/** What a lookup found: the values, or none; `error` is set when the lookup itself failed (timeout, SERVFAIL). */
export interface DnsAnswer<T> {
  values: T[];
  error: string | null;
}

export interface MxRecord {
  exchange: string;
  priority: number;
}

export interface DnsClient {
  /** TXT records, each record's character-strings joined (RFC 7208 3.3, RFC 6376 3.6.2.2). */
  txt(name: string): Promise<DnsAnswer<string>>;
  /** MX records sorted by preference, exchanges lowercased without the trailing dot. */
  mx(name: string): Promise<DnsAnswer<MxRecord>>;
  cname(name: string): Promise<DnsAnswer<string>>;
  a(name: string): Promise<DnsAnswer<string>>;
  aaaa(name: string): Promise<DnsAnswer<string>>;
  /** PTR names of an address (its in-addr.arpa / ip6.arpa name), lowercased without the trailing dot. */
  ptr(reverseName: string): Promise<DnsAnswer<string>>;
}

export interface DnsOptions {
  /** host[:port] entries; empty means the system resolver. */
  servers: readonly string[];
  timeoutMs: number;
}

// NXDOMAIN and "no records of this type" are answers, not failures: the record is simply missing.
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

export const normalizeHost = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

async function answer<R, T>(lookup: () => Promise<R[]>, map: (record: R) => T): Promise<DnsAnswer<T>> {
  try {
    return { values: (await lookup()).map(map), error: null };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    return { values: [], error: ABSENT.has(code) ? null : code };
  }
}

/** A resolver on the configured servers (DNS_SERVERS), with short timeouts so verification answers quickly. */
export function createDnsClient(options: DnsOptions): DnsClient {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
  if (options.servers.length) resolver.setServers([...options.servers]);
  return {
    txt: (name) =>
      answer(
        () => resolver.resolveTxt(name),
        (chunks) => chunks.join(''),
      ),
    mx: async (name) => {
      const found = await answer(
        () => resolver.resolveMx(name),
        (mx) => ({ exchange: normalizeHost(mx.exchange), priority: mx.priority }),
      );
      found.values.sort((x, y) => x.priority - y.priority);
      return found;
    },
    cname: (name) => answer(() => resolver.resolveCname(name), normalizeHost),
    a: (name) =>
      answer(
        () => resolver.resolve4(name),
        (address) => address,
      ),
    aaaa: (name) =>
      answer(
        () => resolver.resolve6(name),
        (address) => address,
      ),
    ptr: (reverseName) => answer(() => resolver.resolvePtr(reverseName), normalizeHost),
  };
}
