import { describe, expect, it } from 'vitest';
import { type CustomerVetting, type VettingState, vettingRefusal } from './vetting.ts';

/** Issue 15: the sending rule over every vetting state, domain kind and recipient kind. */
const own = 'me@acme.test';
const state = (customer: CustomerVetting, domainRejected = false): VettingState => ({
  customer,
  domainRejected,
  ownAddresses: new Set(customer === 'approved' ? [] : [own]),
});

type Row = [CustomerVetting, boolean, 'sandbox' | 'domain', string[], string | null];
const ROWS: Row[] = [
  ['approved', false, 'domain', ['x@dest.test'], null],
  ['approved', false, 'sandbox', ['x@dest.test'], null],
  ['approved', true, 'domain', [own], 'was rejected in vetting'],
  ['pending', false, 'domain', ['x@dest.test'], 'awaiting vetting'],
  ['pending', false, 'domain', ['ME@acme.test'], null],
  ['pending', false, 'domain', [own, 'x@dest.test'], 'awaiting vetting'],
  ['pending', false, 'sandbox', ['x@dest.test'], null],
  ['pending', true, 'domain', [own], 'was rejected in vetting'],
  ['rejected', false, 'domain', ['x@dest.test'], 'was rejected in vetting: you may send only'],
  ['rejected', false, 'domain', [own], null],
  ['rejected', false, 'sandbox', ['x@dest.test'], null],
  ['rejected', true, 'sandbox', [own], 'was rejected in vetting and cannot send'],
];

describe('vettingRefusal: customer state × domain vetting × sandbox × recipients', () => {
  it.each(ROWS)('customer %s, domain rejected %s, through %s to %j → %s', (customer, rejected, kind, to, refusal) => {
    const result = vettingRefusal(state(customer, rejected), {
      domain: { name: 'acme.test', sandbox: kind === 'sandbox' },
      recipients: to,
    });
    if (refusal === null) expect(result).toBeNull();
    else {
      expect(result?.message).toContain(refusal);
      expect(result).toMatchObject({ smtpCode: 550, enhanced: '5.7.1', httpStatus: 403 });
    }
  });

  it('names the first address that is neither sandbox nor own', () => {
    const result = vettingRefusal(state('pending'), {
      domain: { name: 'acme.test', sandbox: false },
      recipients: [own, 'stranger@dest.test'],
    });
    expect(result?.message).toContain('(stranger@dest.test is neither)');
  });
});
