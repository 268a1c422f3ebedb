import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { refundsOf } from './refund.service.ts';

/** Which refunds one Stripe event carries (the recording itself is tested through the webhook in payment.routes). */

const refund = (over: Record<string, unknown> = {}) => ({
  id: 're_1',
  object: 'refund',
  amount: 500,
  status: 'succeeded',
  payment_intent: 'pi_1',
  charge: 'ch_1',
  created: 1_790_000_000,
  ...over,
});
// A hand-built event: only the fields refundsOf reads, cast once here.
const event = (type: string, object: object) =>
  ({ id: 'evt_1', type, created: 1_790_000_100, data: { object } }) as unknown as Stripe.Event;

describe('refundsOf', () => {
  it('a succeeded refund (payment intent given as an id or expanded) is one refund with its own time', () => {
    const seen = { key: 're_1', amount: 500, runningTotal: false, paymentIntent: 'pi_1', charge: 'ch_1' };
    expect(refundsOf(event('refund.created', refund()))).toEqual([{ ...seen, at: new Date(1_790_000_000_000) }]);
    expect(refundsOf(event('charge.refund.updated', refund({ payment_intent: { id: 'pi_1' } })))).toMatchObject([seen]);
  });

  it('pending, failed or without a payment intent: nothing', () => {
    expect(refundsOf(event('refund.created', refund({ status: 'pending' })))).toEqual([]);
    expect(refundsOf(event('refund.updated', refund({ status: 'failed' })))).toEqual([]);
    expect(refundsOf(event('refund.created', refund({ payment_intent: null })))).toEqual([]);
    expect(refundsOf(event('checkout.session.completed', refund()))).toEqual([]);
  });

  it("charge.refunded: its listed succeeded refunds, or without the list its running total at the event's time", () => {
    const charge = { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', amount_refunded: 700 };
    const list = { object: 'list', data: [refund(), refund({ id: 're_2', status: 'pending' })] };
    expect(refundsOf(event('charge.refunded', { ...charge, refunds: list })).map((r) => r.key)).toEqual(['re_1']);
    expect(refundsOf(event('charge.refunded', { ...charge, refunds: null }))).toEqual([
      {
        key: 'ch_1@700',
        amount: 700,
        runningTotal: true,
        paymentIntent: 'pi_1',
        charge: 'ch_1',
        at: new Date(1_790_000_100_000),
      },
    ]);
  });
});
