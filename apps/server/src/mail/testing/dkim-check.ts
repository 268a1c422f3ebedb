import { Resolver } from 'node:dns/promises';
import { dkimVerify } from 'mailauth';

/** Verifies a received message's DKIM signatures with mailauth, asking the given (local) DNS servers for keys. */
export async function verifyDkim(raw: Buffer, servers: string[]): Promise<{ domain: string; result: string }[]> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers(servers);
  const result = await dkimVerify(raw, {
    resolver: async (name: string, type: string) => {
      if (type !== 'TXT') throw Object.assign(new Error(`unexpected ${type} lookup`), { code: 'ENOTFOUND' });
      return resolver.resolveTxt(name);
    },
  });
  return result.results.map((r) => ({ domain: r.signingDomain ?? '', result: r.status.result }));
}

/** The unfolded value of a header in a raw message (first occurrence). */
export function rawHeader(raw: Buffer, name: string): string | undefined {
  const head = raw.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
