import { Resolver } from 'node:dns/promises';
import type { InboundAuth } from '@mailwright/contract';
import type { authenticate } from 'mailauth';

/** What a domain's policy requires of incoming mail (inbound_policies; the defaults when it has no row). */
export interface InboundPolicyRule {
  unmatched: 'reject' | 'hold' | 'bounce';
  /** Bytes; null: INBOUND_MAX_SIZE. */
  maxSize: number | null;
  requireSpf: boolean;
  requireDkim: boolean;
  requireDmarc: boolean;
  authFailure: 'reject' | 'hold' | 'mark';
}

export const DEFAULT_POLICY: InboundPolicyRule = {
  unmatched: 'reject',
  maxSize: null,
  requireSpf: false,
  requireDkim: false,
  requireDmarc: false,
  authFailure: 'reject',
};

export type MailauthResolver = (name: string, type: string) => Promise<unknown>;

/** mailauth's lookups through the configured servers (DNS_SERVERS; the tests' local DNS), not the system resolver. */
export function mailauthResolver(servers: readonly string[], timeoutMs: number): MailauthResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  // mailauth asks for TXT, MX, A, AAAA and PTR by name, as node:dns's generic resolve() takes them.
  return (name, type) => resolver.resolve(name, type as 'TXT');
}

/**
 * SPF (RFC 7208, for the connecting IP, HELO and MAIL FROM), DKIM (RFC 6376) and DMARC (RFC 7489) of an incoming
 * message, verified with mailauth. `header` is what an MTA adds at the boundary of its domain (RFC 8601 5):
 * Received-SPF and Authentication-Results, folded, CRLF-terminated.
 */
export async function checkInboundAuth(
  raw: Buffer,
  envelope: { ip: string; helo: string; sender: string; mta: string; resolver: MailauthResolver },
): Promise<InboundAuth> {
  let result: Awaited<ReturnType<typeof authenticate>>;
  try {
    // Loaded on first use: mailauth weighs ~20 MB, and only the inbound MX needs it.
    const mailauth = await import('mailauth');
    result = await mailauth.authenticate(raw, {
      ip: envelope.ip,
      helo: envelope.helo,
      sender: envelope.sender,
      mta: envelope.mta,
      // mailauth's own type names its resolver's answers loosely; ours passes node:dns answers through unchanged.
      resolver: envelope.resolver as NonNullable<Parameters<typeof authenticate>[1]>['resolver'],
      disableArc: true,
      disableBimi: true,
    });
  } catch {
    // The checks themselves failed (not a verdict on the message): temperror, so a policy requiring them answers 451.
    const none = { result: 'temperror', domain: '' };
    return {
      spf: none,
      dkim: { result: 'temperror', domains: [] },
      dmarc: { ...none, policy: '' },
      header: `Authentication-Results: ${envelope.mta}; spf=temperror; dkim=temperror; dmarc=temperror\r\n`,
    };
  }
  const signatures = result.dkim.results.filter((r) => r.signingDomain);
  const passed = signatures.filter((r) => r.status.result === 'pass');
  const dkimResult = passed.length ? 'pass' : (signatures[0]?.status.result ?? 'none');
  return {
    spf: result.spf
      ? { result: result.spf.status.result, domain: result.spf.domain ?? '' }
      : { result: 'none', domain: '' },
    dkim: {
      result: dkimResult,
      domains: [...new Set((passed.length ? passed : signatures).map((r) => r.signingDomain as string))],
    },
    dmarc: result.dmarc
      ? { result: result.dmarc.status.result, domain: result.dmarc.domain ?? '', policy: result.dmarc.policy ?? '' }
      : { result: 'none', domain: '', policy: '' },
    header: result.headers.replace(/\r?\n/g, '\r\n').replace(/(\r\n)?$/, '\r\n'),
  };
}

/** The required checks this message did not pass (a required check passes only with "pass"). */
export function failedChecks(policy: InboundPolicyRule, auth: InboundAuth): ('SPF' | 'DKIM' | 'DMARC')[] {
  const failed: ('SPF' | 'DKIM' | 'DMARC')[] = [];
  if (policy.requireSpf && auth.spf.result !== 'pass') failed.push('SPF');
  if (policy.requireDkim && auth.dkim.result !== 'pass') failed.push('DKIM');
  if (policy.requireDmarc && auth.dmarc.result !== 'pass') failed.push('DMARC');
  return failed;
}

/** A required check that could not be made (a DNS timeout: RFC 8601 temperror) is answered 451, so the sender retries. */
export function temporaryFailure(policy: InboundPolicyRule, auth: InboundAuth): boolean {
  return (
    (policy.requireSpf && auth.spf.result === 'temperror') ||
    (policy.requireDkim && auth.dkim.result === 'temperror') ||
    (policy.requireDmarc && auth.dmarc.result === 'temperror')
  );
}
