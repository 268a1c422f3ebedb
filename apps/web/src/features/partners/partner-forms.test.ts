import { describe, expect, it } from 'vitest';
import { payoutForm, planForm, planFormValues } from './partner-forms.ts';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.')).sort();

describe('S7-027 the plan form reads major units and percent as typed, then applies the contract', () => {
  it('reads 12.5 %, 12 months and 50.00 EUR as 12.5, 12 and 5000 minor units', () => {
    const parsed = planForm.parse({
      name: 'Reseller',
      commission_percent: '12,5',
      duration_months: '12',
      minimum_payout: '50.00',
      currency: 'eur',
    });
    expect(parsed).toEqual({
      name: 'Reseller',
      commission_percent: 12.5,
      duration_months: 12,
      minimum_payout: 5000,
      currency: 'EUR',
    });
  });

  it.each([
    { change: { minimum_payout: '50.001' }, fields: ['minimum_payout'] },
    { change: { minimum_payout: '-5' }, fields: ['minimum_payout'] },
    { change: { commission_percent: '101' }, fields: ['commission_percent'] },
    { change: { duration_months: '0' }, fields: ['duration_months'] },
    { change: { name: '' }, fields: ['name'] },
  ])('refuses $change on its own field', ({ change, fields }) => {
    const result = planForm.safeParse({ ...planFormValues(null), name: 'Reseller', ...change });
    expect(result.success).toBe(false);
    expect(fieldsOf(result)).toEqual(fields);
  });

  it('an edited plan shows its minimum in major units of its currency', () => {
    const plan = {
      ppid: 1,
      name: 'P',
      commission_percent: 10,
      duration_months: 6,
      minimum_payout: 5000,
      currency: 'JPY',
      partners: 0,
    };
    expect(planFormValues(plan).minimum_payout).toBe('5000');
    expect(planFormValues({ ...plan, currency: 'EUR' }).minimum_payout).toBe('50.00');
  });
});

describe('S5-012 the payout form', () => {
  it('reads the amount in the plan currency', () => {
    expect(payoutForm('EUR').parse({ amount: '55.00', payout_date: '2026-11-01', rec_inv_id: 'PP-1' })).toEqual({
      amount: 5500,
      payout_date: '2026-11-01',
      rec_inv_id: 'PP-1',
    });
    expect(payoutForm('JPY').safeParse({ amount: '10.5', payout_date: '2026-11-01', rec_inv_id: 'PP-1' }).success).toBe(
      false,
    );
  });

  it('refuses an impossible date and an empty invoice number on their fields', () => {
    const result = payoutForm('EUR').safeParse({ amount: '1.00', payout_date: '2026-02-30', rec_inv_id: ' ' });
    expect(fieldsOf(result)).toEqual(['payout_date', 'rec_inv_id']);
  });
});
