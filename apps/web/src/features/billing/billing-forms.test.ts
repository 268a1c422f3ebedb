import { describe, expect, it } from 'vitest';
import {
  itemForm,
  itemFormValues,
  itemTableOptions,
  percentOf,
  taxForm,
  tierForm,
  tierFormValues,
} from './billing-forms.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('billing forms (issue 14)', () => {
  it('S9-043 starts the billing item table with empty options and sends only what is picked', () => {
    expect(itemTableOptions({ order: 'asc', search: '' })).toEqual({});
    expect(itemTableOptions({ sort: 'price', order: 'desc', search: '' })).toEqual({ sort: 'price', order: 'desc' });
    expect(itemTableOptions({ order: 'asc', search: 'setup' })).toEqual({ search: 'setup' });
  });

  it('reads a tier typed in major units as minor units, and shows a saved one back the same way', () => {
    const parsed = tierForm.safeParse({
      ...tierFormValues(null),
      name: 'Starter',
      msg_included: '10000',
      price: '19.99',
      overage_per_1000: '0.8',
    });
    expect(parsed.success && parsed.data).toMatchObject({ msg_included: 10000, price: 1999, overage_per_1000: 80 });
    const shown = tierFormValues({
      btid: 1,
      name: 'Starter',
      msg_included: 10000,
      price: 1999,
      currency: 'EUR',
      overage_per_1000: 80,
      hard_cap: false,
      retired: false,
      retired_at: null,
      created_at: '',
    });
    expect(shown).toMatchObject({ price: '19.99', overage_per_1000: '0.80', msg_included: '10000' });
  });

  it('says what is wrong with a negative price, too many decimals and an unknown currency', () => {
    const negative = tierForm.safeParse({ ...tierFormValues(null), msg_included: '1', price: '-5' });
    expect(issues(negative)).toEqual(['price: A price cannot be negative']);
    const decimals = tierForm.safeParse({ ...tierFormValues(null), msg_included: '1', price: '9.999' });
    expect(issues(decimals)).toEqual(['price: Enter an amount such as 9.00']);
    const currency = tierForm.safeParse({ ...tierFormValues(null), msg_included: '1', price: '9', currency: 'XYZ' });
    expect(issues(currency)).toEqual(['currency: Unknown currency: use an ISO 4217 code such as EUR or USD']);
  });

  it('hands the contract rules of a billing item back as field errors (qty 0, end before start)', () => {
    const base = { ...itemFormValues(7, null, 'EUR'), description: 'Setup', price: '150', start: '2026-03-10' };
    const ok = itemForm.safeParse(base);
    expect(ok.success && ok.data).toMatchObject({ cid: 7, price: 15000, qty: 1, end: null, currency: 'EUR' });
    expect(issues(itemForm.safeParse({ ...base, qty: '0' }))).toEqual(['qty: The quantity must be at least 1']);
    expect(issues(itemForm.safeParse({ ...base, end: '2026-03-01' }))).toEqual([
      'end: The end cannot be before the start',
    ]);
  });

  it('reads a tax rate in percent as basis points and shows it back', () => {
    const parsed = taxForm.safeParse({ tax_rate_bp: '7.5', tax_id: 'ATU1234' });
    expect(parsed.success && parsed.data).toEqual({ tax_rate_bp: 750, tax_id: 'ATU1234' });
    expect(percentOf(2100)).toBe('21');
    expect(percentOf(750)).toBe('7.5');
    expect(percentOf(0)).toBe('0');
    expect(issues(taxForm.safeParse({ tax_rate_bp: '120', tax_id: '' }))).toEqual([
      'tax_rate_bp: A tax rate is at most 100%',
    ]);
  });
});
