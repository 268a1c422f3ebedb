import { describe, expect, it } from 'vitest';
import { SRS_MAX_AGE_DAYS, srsForward, srsReverse } from './srs.ts';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');
const now = new Date('2026-03-01T12:00:00Z');
const host = 'bounces.recv.test';

describe('SRS (Sender Rewriting Scheme) for forwards', () => {
  it('rewrites a sender as SRS0=HHHH=TT=domain=local at our return-path host, and reverses it', () => {
    const srs = srsForward(secret, 'alice@example.org', host, now);
    expect(srs).toMatch(/^SRS0=[A-Za-z0-9+/]{4}=[A-Z2-7]{2}=example\.org=alice@bounces\.recv\.test$/);
    expect(srsReverse(secret, srs, now)).toBe('alice@example.org');
    // MTAs may lowercase the local part on the way back.
    expect(srsReverse(secret, srs.toLowerCase(), now)).toBe('alice@example.org');
  });

  it('refuses a forged hash, another key, and an address older than the maximum age', () => {
    const srs = srsForward(secret, 'alice@example.org', host, now);
    expect(srsReverse(secret, srs.replace('=alice@', '=mallory@'), now)).toBeNull();
    expect(srsReverse(Buffer.from('another key'), srs, now)).toBeNull();
    const later = new Date(now.getTime() + (SRS_MAX_AGE_DAYS + 1) * 86_400_000);
    expect(srsReverse(secret, srs, later)).toBeNull();
    expect(srsReverse(secret, srs, new Date(now.getTime() + SRS_MAX_AGE_DAYS * 86_400_000))).toBe('alice@example.org');
    expect(srsReverse(secret, 'plain@example.org', now)).toBeNull();
  });

  it('a sender another forwarder rewrote becomes SRS1 naming that forwarder; a chain stays SRS1', () => {
    const first = 'SRS0=abcd=AB=example.org=alice@fwd1.test';
    const srs1 = srsForward(secret, first, host, now);
    expect(srs1).toMatch(/^SRS1=[A-Za-z0-9+/]{4}=fwd1\.test==abcd=AB=example\.org=alice@bounces\.recv\.test$/);
    expect(srsReverse(secret, srs1, now)).toBe(first);
    const again = srsForward(secret, srs1.replace(host, 'hop.test'), host, now);
    expect(again).toMatch(/^SRS1=[A-Za-z0-9+/]{4}=fwd1\.test==abcd=AB=example\.org=alice@/);
    expect(srsReverse(secret, again, now)).toBe(first);
  });

  it('the null sender stays null (RFC 5321 4.5.5)', () => {
    expect(srsForward(secret, '', host, now)).toBe('');
  });
});
