import { MSG } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { pickWorkingDomain, rememberedDomain, withRememberedDomain } from './pick-working-domain.ts';

const alpha = { did: 1, name: 'alpha.test' };
const beta = { did: 2, name: 'beta.test' };
const gamma = { did: 3, name: 'gamma.test' };

describe('pickWorkingDomain (spec 4: the working domain is remembered per customer)', () => {
  it.each([
    { why: 'nothing remembered: the first domain', remembered: null, list: [alpha, beta], domain: alpha, gone: null },
    {
      why: 'the remembered domain still exists',
      remembered: 'beta.test',
      list: [alpha, beta],
      domain: beta,
      gone: null,
    },
    { why: 'found whatever its case', remembered: 'Gamma.Test', list: [alpha, gamma], domain: gamma, gone: null },
    {
      why: 'the remembered domain is gone: the first domain, naming the lost one',
      remembered: 'deleted.test',
      list: [beta, gamma],
      domain: beta,
      gone: 'deleted.test',
    },
    { why: 'no domains at all: none (the no-domains state)', remembered: null, list: [], domain: null, gone: null },
    { why: 'remembered but none left: no switch notice', remembered: 'alpha.test', list: [], domain: null, gone: null },
  ])('$why', ({ remembered, list, domain, gone }) => {
    expect(pickWorkingDomain(remembered, list)).toEqual({ domain, gone });
  });

  it("gives what the spec's notice needs", () => {
    const choice = pickWorkingDomain('old.test', [alpha]);
    expect(MSG.domainSwitched(choice.gone ?? '', choice.domain?.name ?? '')).toBe(
      'Domain old.test no longer available, switching to alpha.test',
    );
  });
});

describe('app_config lastWorkingDomains (spec 3: a map from key to last working domain)', () => {
  it('stores one domain per customer id and keeps the other customers and keys', () => {
    let stored: string | null = JSON.stringify({ somethingElse: 1 });
    stored = withRememberedDomain(stored, 7, 'alpha.test');
    stored = withRememberedDomain(stored, 9, 'beta.test');
    expect(JSON.parse(stored)).toEqual({ somethingElse: 1, lastWorkingDomains: { 7: 'alpha.test', 9: 'beta.test' } });
    expect(rememberedDomain(stored, 7)).toBe('alpha.test');
    expect(rememberedDomain(stored, 9)).toBe('beta.test');
    expect(rememberedDomain(stored, 8)).toBeNull();
  });

  it('replaces and forgets a customer’s domain', () => {
    let stored = withRememberedDomain(null, 7, 'alpha.test');
    stored = withRememberedDomain(stored, 7, 'beta.test');
    expect(rememberedDomain(stored, 7)).toBe('beta.test');
    stored = withRememberedDomain(stored, 7, null);
    expect(rememberedDomain(stored, 7)).toBeNull();
  });

  it.each([
    null,
    '',
    'not json',
    '[1,2]',
    '{"lastWorkingDomains":"x"}',
    '{"lastWorkingDomains":{"7":42}}',
  ])('reads nothing from %j and can still write over it', (stored) => {
    expect(rememberedDomain(stored, 7)).toBeNull();
    expect(rememberedDomain(withRememberedDomain(stored, 7, 'alpha.test'), 7)).toBe('alpha.test');
  });
});
