import type { Db } from '../../db/client.ts';
import { dkimRecordValue } from '../dns/dkim-keys.ts';
import { findSandboxByHost } from './sandbox-mx.repo.ts';

/** The verdict kept with each sandbox message: what mailauth found for DKIM, SPF and DMARC. */
export interface SandboxAuthVerdict {
  dkim: { domain: string; selector: string; result: string; comment: string }[];
  spf: { domain: string; result: string; comment: string } | null;
  dmarc: { domain: string; policy: string; result: string; comment: string } | null;
  /** The Authentication-Results header mailauth wrote (RFC 8601). */
  header: string;
}

// Sandbox mail only ever comes from this machine (the worker delivers over loopback); that is what its SPF says.
const SANDBOX_SPF = 'v=spf1 ip4:127.0.0.0/8 ip6:::1 -all';
const SANDBOX_DMARC = 'v=DMARC1; p=reject';

const notFound = (name: string) => Object.assign(new Error(`${name} not found`), { code: 'ENOTFOUND' });

/**
 * The DNS mailauth sees: for a sandbox domain, the records a real domain would publish (its current DKIM key, an
 * SPF record naming loopback, a DMARC record); for every other name, nothing. Sandbox names are not in public DNS
 * (their `.test` names cannot be), and answering here keeps the verifier off the network entirely.
 */
export function sandboxResolver(db: Db) {
  return async (name: string, type: string): Promise<string[][]> => {
    const host = name.toLowerCase().replace(/\.$/, '');
    if (type !== 'TXT') throw notFound(host);
    const dkim = host.match(/^([^.]+)\._domainkey\.(.+)$/);
    if (dkim) {
      const [, selector, name] = dkim as unknown as [string, string, string];
      const domain = await findSandboxByHost(db, name);
      if (domain && domain.name === name && domain.dkimSelector === selector) {
        return [[dkimRecordValue(domain.dkimPublicKey)]];
      }
      throw notFound(host);
    }
    const dmarc = host.match(/^_dmarc\.(.+)$/);
    if (dmarc) {
      if ((await findSandboxByHost(db, dmarc[1] as string))?.name === dmarc[1]) return [[SANDBOX_DMARC]];
      throw notFound(host);
    }
    if (await findSandboxByHost(db, host)) return [[SANDBOX_SPF]];
    throw notFound(host);
  };
}

/** Checks a received sandbox message with mailauth, an implementation independent of our signer. */
export async function verifySandboxMessage(
  db: Db,
  raw: Buffer,
  envelope: { ip: string; helo: string; mailFrom: string; mta: string },
): Promise<SandboxAuthVerdict> {
  // Loaded on first use: mailauth weighs ~20 MB, and only a process receiving sandbox mail needs it.
  const { authenticate } = await import('mailauth');
  const result = await authenticate(raw, {
    ip: envelope.ip,
    helo: envelope.helo,
    sender: envelope.mailFrom,
    mta: envelope.mta,
    resolver: sandboxResolver(db),
    disableArc: true,
    disableBimi: true,
  });
  return {
    dkim: result.dkim.results.map((r) => ({
      domain: r.signingDomain ?? '',
      selector: r.selector ?? '',
      result: r.status.result,
      comment: r.status.comment ?? '',
    })),
    spf: result.spf
      ? { domain: result.spf.domain, result: result.spf.status.result, comment: result.spf.status.comment ?? '' }
      : null,
    dmarc: result.dmarc
      ? {
          domain: result.dmarc.domain,
          policy: result.dmarc.policy,
          result: result.dmarc.status.result,
          comment: result.dmarc.status.comment ?? '',
        }
      : null,
    header: result.headers.trim(),
  };
}
