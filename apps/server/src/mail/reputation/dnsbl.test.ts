import { senderScoreReputation } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { classifyBlocklist, classifySenderScore, classifyTrust, reverseIp } from './dnsbl.ts';

const ok = (...values: string[]) => ({ values, error: null });

describe('DNS list query mechanics (reference 2.1)', () => {
  it('reverses IPv4 octets and IPv6 nibbles; anything else has no label', () => {
    expect(reverseIp('203.0.113.7')).toBe('7.113.0.203');
    expect(reverseIp('2001:db8::1')).toBe(`1.${'0.'.repeat(23)}8.b.d.0.1.0.0.2`);
    expect(reverseIp('example.com')).toBeNull();
    expect(reverseIp('1.2.3')).toBeNull();
  });
});

describe('blocklist answers', () => {
  it('listed with every code (ZEN answers one per sub-list), NXDOMAIN unlisted', () => {
    expect(classifyBlocklist(ok('127.0.0.4', '127.0.0.2', '127.0.0.10'))).toEqual({
      kind: 'listed',
      codes: ['127.0.0.10', '127.0.0.2', '127.0.0.4'],
    });
    expect(classifyBlocklist(ok())).toEqual({ kind: 'unlisted' });
  });

  it("Spamhaus 127.255.255.x and DBL's 127.0.1.255 are refused queries, not listings (reference 2.4)", () => {
    for (const code of ['127.255.255.252', '127.255.255.254', '127.255.255.255', '127.0.1.255']) {
      expect(classifyBlocklist(ok(code)).kind).toBe('error');
    }
  });

  it('a failed lookup or an answer outside 127/8 (a rewriting resolver) is an error', () => {
    expect(classifyBlocklist({ values: [], error: 'ETIMEOUT' })).toEqual({ kind: 'error', reason: 'ETIMEOUT' });
    expect(classifyBlocklist(ok('198.51.100.1')).kind).toBe('error');
  });
});

describe('DNSWL and allow-list trust (reference 2.2)', () => {
  it('S3-042 the last octet is the trust: 0 none, 1 low, 2 medium, 3 high', () => {
    expect(classifyTrust(ok('127.0.15.0'))).toEqual({ kind: 'listed', trust: 'none' });
    expect(classifyTrust(ok('127.0.3.1'))).toEqual({ kind: 'listed', trust: 'low' });
    expect(classifyTrust(ok('127.0.9.2'))).toEqual({ kind: 'listed', trust: 'medium' });
    expect(classifyTrust(ok('127.0.10.3'))).toEqual({ kind: 'listed', trust: 'high' });
    expect(classifyTrust(ok())).toEqual({ kind: 'unlisted' });
  });

  it('127.0.0.255 (over the free quota) is an error, not a listing', () => {
    expect(classifyTrust(ok('127.0.0.255')).kind).toBe('error');
  });

  it('an answer with no trust octet is an error for DNSWL and the given level for the operator zone', () => {
    expect(classifyTrust(ok('127.0.0.9')).kind).toBe('error');
    expect(classifyTrust(ok('127.0.0.9'), 'high')).toEqual({ kind: 'listed', trust: 'high' });
  });
});

describe('Sender Score (reference 2.3)', () => {
  it('S9-039 S3-043 reads 127.0.4.<score>; high from 80, medium from 70, else low', () => {
    expect(classifySenderScore(ok('127.0.4.94'))).toEqual({ kind: 'scored', score: 94, reputation: 'high' });
    expect(senderScoreReputation(80)).toBe('high');
    expect(senderScoreReputation(79)).toBe('medium');
    expect(senderScoreReputation(70)).toBe('medium');
    expect(senderScoreReputation(69)).toBe('low');
  });

  it('no answer is no score (unknown, not low); a foreign answer is an error', () => {
    expect(classifySenderScore(ok())).toEqual({ kind: 'unscored' });
    expect(classifySenderScore(ok('127.0.0.2')).kind).toBe('error');
    expect(classifySenderScore(ok('127.0.4.101')).kind).toBe('error');
  });
});
