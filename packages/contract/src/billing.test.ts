import { describe, expect, it } from 'vitest';
import {
  billingItemInput,
  customerAddonInput,
  formatMinor,
  isCurrency,
  parseMajor,
  tierInput,
  tierLabel,
} from './billing.ts';

const fields = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('billing catalogue contract (issue 14)', () => {
  it.each([
    [{ msg_included: 10000, price: 900, currency: 'EUR' }, '10000 emails - 9.00 EUR'],
    [{ msg_included: 0, price: 0, currency: 'USD' }, '0 emails - 0.00 USD'],
    [{ msg_included: 1000000, price: 123456, currency: 'GBP' }, '1000000 emails - 1234.56 GBP'],
    [{ msg_included: 50000, price: 5, currency: 'EUR' }, '50000 emails - 0.05 EUR'],
    [{ msg_included: 50000, price: 1500, currency: 'JPY' }, '50000 emails - 1500 JPY'],
    [{ msg_included: 50000, price: 12345, currency: 'BHD' }, '50000 emails - 12.345 BHD'],
  ])('S3-031 labels a tier %j as %s', (tier, label) => {
    expect(tierLabel(tier)).toBe(label);
  });

  it('reads major-unit text as minor units with integer arithmetic only', () => {
    expect(parseMajor('9', 'EUR')).toBe(900);
    expect(parseMajor('9.5', 'EUR')).toBe(950);
    expect(parseMajor('0.07', 'EUR')).toBe(7);
    expect(parseMajor('19.99', 'EUR')).toBe(1999); // 19.99 * 100 is 1998.9999999999998 in floating point
    expect(parseMajor('1500', 'JPY')).toBe(1500);
    expect(parseMajor('1.5', 'JPY')).toBeNull();
    expect(parseMajor('9.001', 'EUR')).toBeNull();
    expect(parseMajor('-1', 'EUR')).toBeNull();
    expect(parseMajor('1e3', 'EUR')).toBeNull();
    expect(formatMinor(parseMajor('1234.56', 'EUR') ?? 0, 'EUR')).toBe('1234.56');
  });

  it('knows ISO 4217 codes and nothing else', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('JPY')).toBe(true);
    expect(isCurrency('ABC')).toBe(false);
    expect(isCurrency('eur')).toBe(false);
  });

  it('refuses a negative price and an unknown currency on a tier, as field errors', () => {
    const bad = tierInput.safeParse({ msg_included: 1000, price: -1, currency: 'XYZ', overage_per_1000: -5 });
    expect(fields(bad).sort()).toEqual(['currency', 'overage_per_1000', 'price']);
    const fine = tierInput.safeParse({ msg_included: 1000, price: 900, currency: 'eur' });
    expect(fine.success && fine.data.currency).toBe('EUR');
  });

  it('refuses qty 0, end before start and a price with cents as a fraction on a billing item', () => {
    const base = { cid: 1, description: 'Setup', price: 1000, currency: 'EUR', qty: 1, start: '2026-03-10' };
    expect(billingItemInput.safeParse(base).success).toBe(true);
    expect(fields(billingItemInput.safeParse({ ...base, qty: 0 }))).toEqual(['qty']);
    expect(fields(billingItemInput.safeParse({ ...base, end: '2026-03-09' }))).toEqual(['end']);
    expect(billingItemInput.safeParse({ ...base, end: '2026-03-10' }).success).toBe(true);
    expect(fields(billingItemInput.safeParse({ ...base, price: 9.5 }))).toEqual(['price']);
    expect(fields(billingItemInput.safeParse({ ...base, start: '2026-02-30' }))).toEqual(['start']);
  });

  it('refuses an add-on period that ends before it starts', () => {
    const r = customerAddonInput.safeParse({ baid: 1, qty: 1, start: '2026-03-10', end: '2026-03-01' });
    expect(fields(r)).toEqual(['end']);
  });
});
