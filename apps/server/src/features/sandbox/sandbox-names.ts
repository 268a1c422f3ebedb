import { randomBytes } from 'node:crypto';
import { isDomainName } from '@mailwright/contract';

/** Where sandbox names live when MAIL_HOSTNAME names no real host: `.test` is reserved (RFC 2606 2, RFC 6761 6.2). */
export const SANDBOX_FALLBACK_SUFFIX = 'sandbox.mailwright.test';

const isLocalHost = (host: string) => !isDomainName(host) || host === 'localhost' || host.endsWith('.localhost');

/**
 * The parent of this server's sandbox names: MAIL_HOSTNAME when it is a real host (a zone only the operator
 * controls), else `sandbox.mailwright.test` (a reserved name no registry will ever delegate). Either way no one
 * else can own a name under it, and customers may not add a `sandbox-*` name under it (isSandboxName).
 */
export const sandboxSuffix = (mailHostname: string) =>
  isLocalHost(mailHostname) ? SANDBOX_FALLBACK_SUFFIX : mailHostname;

/** A fresh sandbox name, `sandbox-<8 random base-36 characters>.<suffix>`: unguessable, so not enumerable. */
export function newSandboxName(mailHostname: string): string {
  const id = BigInt(`0x${randomBytes(6).toString('hex')}`)
    .toString(36)
    .padStart(8, '0')
    .slice(-8);
  return `sandbox-${id}.${sandboxSuffix(mailHostname)}`;
}

/** Names reserved for sandbox domains: a customer cannot register them as a real domain. */
export function isSandboxName(name: string, mailHostname: string): boolean {
  const [first, ...rest] = name.toLowerCase().split('.');
  const parent = rest.join('.');
  return (
    Boolean(first?.startsWith('sandbox-')) && [sandboxSuffix(mailHostname), SANDBOX_FALLBACK_SUFFIX].includes(parent)
  );
}
