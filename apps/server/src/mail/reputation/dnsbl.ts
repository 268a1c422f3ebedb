import { isIPv4, isIPv6 } from 'node:net';
import { type ScoreReputation, senderScoreReputation, TRUST_LEVELS, type TrustLevel } from '@mailwright/contract';
import type { DnsAnswer } from '../dns/resolver.ts';

/**
 * DNS list query mechanics and answer classification (reference: deliverability-and-billing.md section 2).
 * Every answer is one of listed / not listed / error: an error (a refused or failed query) is never data, so it
 * never alarms an operator nor overwrites a stored day.
 */

export type ListAnswer = { kind: 'listed'; codes: string[] } | { kind: 'unlisted' } | { kind: 'error'; reason: string };

/** The query label of an IP: IPv4 octets reversed, IPv6 as 32 reversed nibbles (2.1); null for anything else. */
export function reverseIp(ip: string): string | null {
  if (isIPv4(ip)) return ip.split('.').reverse().join('.');
  if (!isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.split('::');
  const words = (part: string) => (part ? part.split(':') : []);
  const h = words(head);
  const t = words(tail);
  const all = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  if (all.length !== 8 || all.some((w) => w.includes('.'))) return null;
  return all
    .map((w) => w.padStart(4, '0'))
    .join('')
    .toLowerCase()
    .split('')
    .reverse()
    .join('.');
}

const in127 = (value: string) => /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(value);

/**
 * A blocklist answer (IP lists and domain lists alike). Spamhaus's 127.255.255.x (typo in the zone, public resolver,
 * excessive volume) and DBL's 127.0.1.255 (an IP sent to a domain list) are errors, not listings (2.4); an answer
 * outside 127.0.0.0/8 (a resolver that rewrites NXDOMAIN) is an error too.
 */
export function classifyBlocklist(answer: DnsAnswer<string>): ListAnswer {
  if (answer.error) return { kind: 'error', reason: answer.error };
  if (!answer.values.length) return { kind: 'unlisted' };
  const refused = answer.values.find((v) => v.startsWith('127.255.255.') || v === '127.0.1.255');
  if (refused) return { kind: 'error', reason: `query refused (${refused})` };
  if (!answer.values.every(in127)) return { kind: 'error', reason: `not a list answer (${answer.values.join(', ')})` };
  return { kind: 'listed', codes: [...answer.values].sort() };
}

export type TrustAnswer =
  | { kind: 'listed'; trust: TrustLevel }
  | { kind: 'unlisted' }
  | { kind: 'error'; reason: string };

/**
 * DNSWL (2.2): 127.0.X.Y with Y the trust 0..3 (none, low, medium, high); 127.0.0.255 means the query was blocked
 * (over the free quota), not a listing. The same mapping reads the operator's own allow-list zone (ami_white); an
 * answer there whose last octet is no trust level counts as high (the operator listed the IP outright).
 */
export function classifyTrust(answer: DnsAnswer<string>, unknownOctet: TrustLevel | null = null): TrustAnswer {
  if (answer.error) return { kind: 'error', reason: answer.error };
  if (!answer.values.length) return { kind: 'unlisted' };
  if (answer.values.includes('127.0.0.255'))
    return { kind: 'error', reason: 'query blocked (127.0.0.255, over quota)' };
  const value = answer.values.find(in127);
  if (!value) return { kind: 'error', reason: `not a list answer (${answer.values.join(', ')})` };
  const trust = TRUST_LEVELS[Number(value.split('.')[3])] ?? unknownOctet;
  return trust ? { kind: 'listed', trust } : { kind: 'error', reason: `unknown trust answer ${value}` };
}

export type ScoreAnswer =
  | { kind: 'scored'; score: number; reputation: ScoreReputation }
  | { kind: 'unscored' }
  | { kind: 'error'; reason: string };

/** Sender Score (2.3): 127.0.4.<score>, score 0..100; no answer = no score for the IP (unknown, not low). */
export function classifySenderScore(answer: DnsAnswer<string>): ScoreAnswer {
  if (answer.error) return { kind: 'error', reason: answer.error };
  if (!answer.values.length) return { kind: 'unscored' };
  const value = answer.values.find((v) => v.startsWith('127.0.4.'));
  const score = value ? Number(value.split('.')[3]) : Number.NaN;
  if (!Number.isInteger(score) || score < 0 || score > 100) {
    return { kind: 'error', reason: `not a score answer (${answer.values.join(', ')})` };
  }
  return { kind: 'scored', score, reputation: senderScoreReputation(score) };
}
