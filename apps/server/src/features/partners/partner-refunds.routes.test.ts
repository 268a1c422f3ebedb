import type { PartnerPlan, PayoutsResponse } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putOnTier, seedTier } from '../../test/billing-seed.ts';
import { makeOperators, makeTenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, type StripeFake, startStripeFake } from '../../test/stripe-fake.ts';
import { closePreviousPeriod } from '../invoices/invoice-close.job.ts';

/**
 * A refund Stripe reports (features/invoices/refund.service.ts) reaches the partner's ledger: the referred customer
 * pays its invoice through Checkout, Stripe refunds part of it, and the partner's balance drops by the commission
 * on the refunded part, all through the HTTP routes and the signed webhook.
 */

let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake?.close();
});
const t = useTestApp(() => ({
  stripe: { secretKey: FAKE_SECRET_KEY, webhookSecret: FAKE_WEBHOOK_SECRET, apiBase: fake.url },
}));

const send = async (event: { payload: string }) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/stripe-webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(event.payload) },
    payload: event.payload,
  });
  expect(res.statusCode).toBe(200);
  return (JSON.parse(res.body) as { outcome: string }).outcome;
};

describe('partner earnings after a Stripe refund (S7-031)', () => {
  it('S7-031 a refunded referred invoice lowers the partner balance by the commission on the refund', async () => {
    const partner = await makeTenant(t, { partner: true });
    const referred = await makeTenant(t);
    const { master } = await makeOperators(t);
    const plan = await t.request<PartnerPlan>('POST', '/api/partners/plans', {
      token: master,
      body: { name: 'Refunds 10%', commission_percent: 10, duration_months: 12, minimum_payout: 0, currency: 'EUR' },
    });
    expect(plan.status).toBe(200);
    const ppid = plan.body.data?.ppid;
    expect((await t.request('PUT', `/api/partners/${partner.cid}`, { token: master, body: { ppid } })).status).toBe(
      200,
    );
    await t.deps.db.query(
      `INSERT INTO partner_referrals (customer_id, partner_id, source) VALUES ($1, $2, 'attached')`,
      [referred.cid, partner.cid],
    );
    await putOnTier(
      t.deps.db,
      referred.cid,
      await seedTier(t.deps.db, { price: 40_000, currency: 'EUR' }),
      '2026-01-01',
    );
    await closePreviousPeriod(t.deps.db, t.deps.log);
    const invoice = await t.deps.db.one<{ id: number }>('SELECT id FROM invoices WHERE customer_id = $1', [
      referred.cid,
    ]);
    const balance = async () =>
      (await t.request<PayoutsResponse>('GET', '/api/partners/referrals/payouts', { token: partner.admin.token })).body
        .data?.balance;

    const started = await t.request<{ url: string }>('POST', `/api/payment/start/${invoice.id}`, {
      token: referred.admin.token,
    });
    const session = started.body.data?.url.split('/pay/')[1] ?? '';
    expect(
      await send(fake.event('checkout.session.completed', session, { status: 'complete', payment_status: 'paid' })),
    ).toBe('applied');
    expect(await balance()).toBe(4000);

    const { charge } = fake.refund(session, 10_000);
    expect(await send(fake.objectEvent('charge.refunded', charge))).toBe('applied');
    // 10% of 40000 = 4000, less 10% of the 10000 refunded in this month = 3000.
    expect(await balance()).toBe(3000);
  });
});
