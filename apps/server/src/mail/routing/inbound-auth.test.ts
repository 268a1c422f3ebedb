import type { InboundAuth } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { checkInboundAuth, DEFAULT_POLICY, failedChecks, temporaryFailure } from './inbound-auth.ts';

const auth = (spf: string, dkim: string, dmarc: string): InboundAuth => ({
  spf: { result: spf, domain: 'example.org' },
  dkim: { result: dkim, domains: ['example.org'] },
  dmarc: { result: dmarc, domain: 'example.org', policy: 'reject' },
  header: '',
});

describe('inbound policy checks (issue 13)', () => {
  it('a required check passes only with "pass"; what is not required never fails', () => {
    const all = { ...DEFAULT_POLICY, requireSpf: true, requireDkim: true, requireDmarc: true };
    expect(failedChecks(all, auth('pass', 'pass', 'pass'))).toEqual([]);
    expect(failedChecks(all, auth('softfail', 'none', 'pass'))).toEqual(['SPF', 'DKIM']);
    expect(failedChecks(all, auth('pass', 'neutral', 'fail'))).toEqual(['DKIM', 'DMARC']);
    expect(failedChecks(DEFAULT_POLICY, auth('fail', 'fail', 'fail'))).toEqual([]);
    expect(failedChecks({ ...DEFAULT_POLICY, requireDmarc: true }, auth('fail', 'fail', 'none'))).toEqual(['DMARC']);
  });

  it('temperror on a required check is temporary (451); on one not required it is not', () => {
    expect(temporaryFailure({ ...DEFAULT_POLICY, requireDkim: true }, auth('pass', 'temperror', 'pass'))).toBe(true);
    expect(temporaryFailure({ ...DEFAULT_POLICY, requireSpf: true }, auth('pass', 'temperror', 'pass'))).toBe(false);
  });

  it('checks that cannot run at all answer temperror with a valid Authentication-Results field', async () => {
    const broken = await checkInboundAuth(undefined as unknown as Buffer, {
      ip: '192.0.2.1',
      helo: 'client.test',
      sender: 'a@example.org',
      mta: 'mx.mail.test',
      resolver: async () => [],
    });
    expect(broken.dkim.result).toBe('temperror');
    expect(broken.header).toBe(
      'Authentication-Results: mx.mail.test; spf=temperror; dkim=temperror; dmarc=temperror\r\n',
    );
  });
});
