import { type BillingOverview, INVOICE_MSG, type PaymentStartAnswer } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putOnTier, seedTier } from '../../test/billing-seed.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, type StripeFake, startStripeFake } from '../../test/stripe-fake.ts';
import { closePreviousPeriod } from './invoice-close.job.ts';
import { remainderOfMonth } from './invoice-math.ts';

/**
 * Payment against the local Stripe fake, driven by the official `stripe` client: payment/start/{id} creates a
 * Checkout Session, and Stripe's webhook (signed with generateTestHeaderString) marks the invoice paid exactly once
 * whatever the order or number of deliveries.
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
const { tenant, other } = useTenants(t);

let invoiceId = 0;
const start = (id: number | string, token?: string) =>
  t.request<PaymentStartAnswer>('POST', `/api/payment/start/${id}`, { token });
const webhook = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/stripe-webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
const invoice = () =>
  t.deps.db.one<{ status: string; paid_at: Date | null; paid_by: string | null }>(
    'SELECT status, paid_at, paid_by FROM invoices WHERE id = $1',
    [invoiceId],
  );
const sessionStatus = async (id: string) =>
  (await t.deps.db.one<{ status: string }>('SELECT status FROM payment_sessions WHERE id = $1', [id])).status;

beforeAll(async () => {
  await putOnTier(t.deps.db, tenant.cid, await seedTier(t.deps.db, { price: 4900, currency: 'USD' }), '2026-01-01');
  await closePreviousPeriod(t.deps.db, t.deps.log);
  invoiceId = (await t.deps.db.one<{ id: number }>('SELECT id FROM invoices WHERE customer_id = $1', [tenant.cid])).id;
});

async function startedSession(): Promise<string> {
  const res = await start(invoiceId, tenant.admin.token);
  expect(res.status).toBe(200);
  const id = res.body.data?.url.split('/pay/')[1] ?? '';
  expect(fake.sessions.has(id)).toBe(true);
  return id;
}

describe('S7-094 payment/start/{id}', () => {
  it('creates a Checkout Session for the open invoice and answers its URL', async () => {
    const res = await start(invoiceId, tenant.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data?.url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const session = [...fake.sessions.values()].at(-1);
    expect(session?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4900',
      'line_items[0][quantity]': '1',
      success_url: 'http://console.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://console.test/payment/cancel',
      client_reference_id: String(invoiceId),
      'metadata[invoice_id]': String(invoiceId),
    });
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${FAKE_SECRET_KEY}`);
    expect(await sessionStatus(session?.id ?? '')).toBe('open');
  });

  it("401 anonymous, 403 for a user, 404 for another customer's invoice, 400 for a bad id", async () => {
    expect((await start(invoiceId)).status).toBe(401);
    expect((await start(invoiceId, tenant.user.token)).status).toBe(403);
    const foreign = await start(invoiceId, other.admin.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(INVOICE_MSG.notFound);
    expect((await start('x', tenant.admin.token)).status).toBe(400);
  });

  it('without Stripe keys payment is off: a clear 409, and GET billing says payment_enabled false', async () => {
    const saved = t.deps.config.stripe;
    t.deps.config.stripe = null;
    try {
      const res = await start(invoiceId, tenant.admin.token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(INVOICE_MSG.paymentOff);
      const overview = await t.request<{ payment_enabled: boolean }>('GET', '/api/billing', {
        token: tenant.admin.token,
      });
      expect(overview.body.data?.payment_enabled).toBe(false);
    } finally {
      t.deps.config.stripe = saved;
    }
  });
});

describe("Stripe's webhook: verified, applied exactly once, in any order", () => {
  it('a bad or missing signature is refused with 400 and changes nothing', async () => {
    const id = await startedSession();
    const { payload } = fake.event('checkout.session.completed', id, { payment_status: 'paid', status: 'complete' });
    expect((await webhook(payload, fake.sign(payload, 'whsec_someone_else'))).statusCode).toBe(400);
    expect((await webhook(payload)).statusCode).toBe(400);
    // Signed, then altered: the signature covers the exact bytes.
    const tampered = payload.replace('"paid"', '"paid" ');
    expect((await webhook(tampered, fake.sign(payload))).statusCode).toBe(400);
    expect((await invoice()).status).toBe('open');
    expect(await sessionStatus(id)).toBe('open');
  });

  it('an expired event first, then completed for the same session (reordered): the invoice is paid once', async () => {
    const id = await startedSession();
    const expired = fake.event('checkout.session.expired', id, { status: 'expired' });
    expect((await webhook(expired.payload, fake.sign(expired.payload))).statusCode).toBe(200);
    expect(await sessionStatus(id)).toBe('expired');
    expect((await invoice()).status).toBe('open');

    const completed = fake.event('checkout.session.completed', id, { status: 'complete', payment_status: 'paid' });
    const res = await webhook(completed.payload, fake.sign(completed.payload));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ outcome: 'applied' });
    const paid = await invoice();
    expect(paid).toMatchObject({ status: 'paid', paid_by: 'stripe' });
    expect(await sessionStatus(id)).toBe('complete');

    // The same event again (Stripe's retry): a duplicate, nothing changes.
    const replay = await webhook(completed.payload, fake.sign(completed.payload));
    expect(JSON.parse(replay.body)).toMatchObject({ outcome: 'duplicate' });
    // A late expired event for it, and another session's completion: the invoice stays paid at the same moment.
    const late = fake.event('checkout.session.expired', id, { status: 'expired' });
    expect(JSON.parse((await webhook(late.payload, fake.sign(late.payload))).body)).toMatchObject({
      outcome: 'ignored',
    });
    expect(await sessionStatus(id)).toBe('complete');
    const first = [...fake.sessions.keys()][0] ?? '';
    const otherSession = fake.event('checkout.session.completed', first, {
      status: 'complete',
      payment_status: 'paid',
    });
    expect((await webhook(otherSession.payload, fake.sign(otherSession.payload))).statusCode).toBe(200);
    expect(await invoice()).toEqual(paid);
    const events = await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM stripe_events');
    expect(events.n).toBe(4);
  });

  it('a paid invoice cannot be paid again (409), and a completed but unpaid session does not pay', async () => {
    const res = await start(invoiceId, tenant.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(INVOICE_MSG.alreadyPaid);
    const unpaid = fake.event('checkout.session.completed', 'cs_test_unknown', { payment_status: 'unpaid' });
    expect(JSON.parse((await webhook(unpaid.payload, fake.sign(unpaid.payload))).body)).toMatchObject({
      outcome: 'ignored',
    });
  });
});

describe('payment/tier/{btid}: a tier change through Checkout', () => {
  const change = (btid: number | string, token?: string) =>
    t.request<{ url: string; message: string }>('POST', `/api/payment/tier/${btid}`, { token });
  const tiersOf = async (cid: number) =>
    (
      await t.deps.db.query<{ tier_id: number }>(
        'SELECT tier_id FROM customer_tiers WHERE customer_id = $1 ORDER BY effective_at, id',
        [cid],
      )
    ).map((r) => r.tier_id);

  it('401, 403 for a user, 404 for an unknown or retired tier, 409 for the tier in effect, 400 for a bad id', async () => {
    const current = (await tiersOf(tenant.cid)).at(-1) ?? 0;
    expect((await change(current)).status).toBe(401);
    expect((await change(current, tenant.user.token)).status).toBe(403);
    expect((await change(999_999, tenant.admin.token)).body.message).toBe(INVOICE_MSG.tierNotFound);
    const retired = await seedTier(t.deps.db, { currency: 'USD' });
    await t.deps.db.query('UPDATE billing_tiers SET retired_at = now() WHERE id = $1', [retired]);
    expect((await change(retired, tenant.admin.token)).status).toBe(404);
    const same = await change(current, tenant.admin.token);
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(INVOICE_MSG.sameTier);
    expect((await change('x', tenant.admin.token)).status).toBe(400);
  });

  it("charges the new tier's rest of the month, applies it once Stripe confirms (once), and deducts it on the invoice", async () => {
    const pro = await seedTier(t.deps.db, { name: 'Pro', price: 9000, currency: 'USD' });
    const before = await tiersOf(tenant.cid);
    const res = await change(pro, tenant.admin.token);
    expect(res.status).toBe(200);
    const id = res.body.data?.url.split('/pay/')[1] ?? '';
    const due = remainderOfMonth(9000, new Date()).amount;
    expect(fake.sessions.get(id)?.form).toMatchObject({
      'line_items[0][price_data][unit_amount]': String(due),
      'metadata[tier_id]': String(pro),
    });
    // Not applied before Stripe confirms.
    expect(await tiersOf(tenant.cid)).toEqual(before);
    const completed = fake.event('checkout.session.completed', id, { status: 'complete', payment_status: 'paid' });
    expect(JSON.parse((await webhook(completed.payload, fake.sign(completed.payload))).body)).toMatchObject({
      outcome: 'applied',
    });
    expect(await tiersOf(tenant.cid)).toEqual([...before, pro]);
    // async_payment_succeeded for the same session (another event id): already complete, nothing more.
    const again = fake.event('checkout.session.async_payment_succeeded', id, { payment_status: 'paid' });
    expect(JSON.parse((await webhook(again.payload, fake.sign(again.payload))).body)).toMatchObject({
      outcome: 'ignored',
    });
    expect(await tiersOf(tenant.cid)).toEqual([...before, pro]);
    const overview = await t.request<BillingOverview>('GET', '/api/billing', { token: tenant.admin.token });
    expect(overview.body.data?.tier?.name).toBe('Pro');
    const lines = overview.body.data?.estimate?.lines ?? [];
    expect(lines.find((l) => l.amount === -due)?.description).toMatch(
      /^Paid by card on \d{4}-\d\d-\d\d for the change to Pro$/,
    );
  });

  it('a free tier has nothing to pay now: the change applies at once', async () => {
    const free = await seedTier(t.deps.db, { name: 'Free', price: 0, currency: 'USD', hardCap: true });
    const res = await change(free, tenant.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ url: 'http://console.test/account/billing', message: INVOICE_MSG.tierChanged });
    expect((await tiersOf(tenant.cid)).at(-1)).toBe(free);
  });
});

describe("Stripe's refunds: recorded once per refund, never beyond the invoice's total", () => {
  const send = async (event: { payload: string }) => {
    const res = await webhook(event.payload, fake.sign(event.payload));
    expect(res.statusCode).toBe(200);
    return (JSON.parse(res.body) as { outcome: string }).outcome;
  };
  const refunds = () =>
    t.deps.db.query<{ amount: string | number; stripe_refund_id: string }>(
      'SELECT amount, stripe_refund_id FROM invoice_refunds WHERE invoice_id = $1 ORDER BY id',
      [invoiceId],
    );
  const listed = async () => {
    const res = await t.request<{ items: { id: number; refunded: number; total: number }[] }>(
      'GET',
      '/api/billing/invoices',
      { token: tenant.admin.token },
    );
    return res.body.data?.items.find((i) => i.id === invoiceId);
  };
  const paidSession = async () =>
    (
      await t.deps.db.one<{ id: string; payment_intent: string | null }>(
        `SELECT id, payment_intent FROM payment_sessions WHERE invoice_id = $1 AND status = 'complete'`,
        [invoiceId],
      )
    ).id;

  it('S7-091 a partial refund by charge.refunded is recorded once (re-sent, or again as refund.created) and listed', async () => {
    const session = await paidSession();
    expect(fake.sessions.get(session)?.payment_intent).toMatch(/^pi_/);
    expect((await listed())?.refunded).toBe(0);
    const { refund, charge } = fake.refund(session, 1000);
    const refunded = fake.objectEvent('charge.refunded', charge);
    expect(await send(refunded)).toBe('applied');
    expect(await send(refunded)).toBe('duplicate');
    expect(await send(fake.objectEvent('refund.created', refund))).toBe('ignored');
    expect(await refunds()).toEqual([{ amount: expect.anything(), stripe_refund_id: refund.id }]);
    expect(Number((await refunds())[0]?.amount)).toBe(1000);
    expect(await listed()).toMatchObject({ refunded: 1000, total: 4900 });
  });

  it('an unknown payment intent or a pending refund is acknowledged (200) and ignored; once succeeded it counts', async () => {
    const session = await paidSession();
    const { refund } = fake.refund(session, 100);
    expect(await send(fake.objectEvent('refund.created', { ...refund, id: 're_other', payment_intent: 'pi_x' }))).toBe(
      'ignored',
    );
    expect(await send(fake.objectEvent('refund.created', { ...refund, status: 'pending' }))).toBe('ignored');
    expect((await listed())?.refunded).toBe(1000);
    expect(await send(fake.objectEvent('charge.refund.updated', refund))).toBe('applied');
    expect((await listed())?.refunded).toBe(1100);
  });

  it('charge.refunded without its refunds list records what its running total adds, once', async () => {
    const session = await paidSession();
    const { refund, charge } = fake.refund(session, 900);
    expect(charge.amount_refunded).toBe(2000);
    const bare = fake.objectEvent('charge.refunded', { ...charge, refunds: null });
    expect(await send(bare)).toBe('applied');
    // The same refund by its own events, and the same running total again: nothing more.
    expect(await send(fake.objectEvent('charge.refund.updated', refund))).toBe('ignored');
    expect(await send(fake.objectEvent('charge.refunded', { ...charge, refunds: null }))).toBe('ignored');
    expect((await refunds()).map((r) => Number(r.amount))).toEqual([1000, 100, 900]);
    expect((await listed())?.refunded).toBe(2000);
  });

  it('a refund beyond what is left is clamped to the total: the invoice reads fully refunded', async () => {
    const session = await paidSession();
    const { charge } = fake.refund(session, 200);
    // More than we billed (it cannot happen with one charge per invoice, but must not count twice if it does).
    expect(
      await send(fake.objectEvent('charge.refunded', { ...charge, amount_refunded: 999_999, refunds: null })),
    ).toBe('applied');
    expect((await refunds()).map((r) => Number(r.amount))).toEqual([1000, 100, 900, 2900]);
    expect((await listed())?.refunded).toBe(4900);
    const { charge: after } = fake.refund(session, 1);
    expect(await send(fake.objectEvent('charge.refunded', { ...after, refunds: null }))).toBe('ignored');
    expect((await listed())?.refunded).toBe(4900);
  });
});
