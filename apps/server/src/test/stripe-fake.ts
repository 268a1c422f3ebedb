import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API Mailwright uses, so tests drive the official client against it:
 * POST /v1/checkout/sessions and GET /v1/checkout/sessions/:id (Bearer key checked, form bodies with bracketed keys,
 * Stripe's error shape, Idempotency-Key replay), plus the hosted page: GET /pay/:id completes the session and
 * redirects to its success_url with {CHECKOUT_SESSION_ID} filled in, as Stripe does. `event()` builds a webhook
 * event for a session and `deliver()` POSTs it signed with stripe.webhooks.generateTestHeaderString. A paid session
 * gets a payment intent and a charge; `refund()` refunds part of that charge as the dashboard would, and
 * `objectEvent()` wraps the refund or the charge in an event (charge.refunded, refund.created, …).
 */

export const FAKE_SECRET_KEY = 'sk_test_mailwright_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_mailwright_fake';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  mode: string;
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
  livemode: false;
  /** Set once paid (Stripe creates the payment intent and its charge then). */
  payment_intent: string | null;
  /** The form as received, for assertions (bracketed keys as sent). */
  form: Record<string, string>;
}

export interface StripeFake {
  /** http://127.0.0.1:port, for STRIPE_API_BASE. */
  url: string;
  sessions: Map<string, FakeSession>;
  /** Every API request's method and path, in order. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  /** A webhook event about a session (its current state, or the state given; paid gives it a payment intent). */
  event(type: string, sessionId: string, overrides?: Partial<FakeSession>): { id: string; payload: string };
  /** Refunds `amount` of a paid session's charge: the refund (status succeeded) and the charge after it. */
  refund(sessionId: string, amount: number): { refund: FakeRefund; charge: FakeCharge };
  /** A webhook event carrying any object (a refund, a charge). */
  objectEvent(type: string, object: object): { id: string; payload: string };
  /** The Stripe-Signature header for a payload (the fake's webhook secret unless told otherwise). */
  sign(payload: string, secret?: string): string;
  /** POSTs an event to `target`, signed with `secret` (the fake's webhook secret unless told otherwise). */
  deliver(target: string, payload: string, secret?: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
  payment_intent: string;
  charge: string;
  created: number;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  /** Included only when expanded (API versions since 2022-11-15): the fake includes it; tests may drop it. */
  refunds: { object: 'list'; data: FakeRefund[]; has_more: false };
}

const stripe = new Stripe(FAKE_SECRET_KEY);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(JSON.stringify(body));
}

const invalid = (res: ServerResponse, message: string, param?: string) =>
  json(res, 400, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });

/** A webhook event as Stripe sends it, around any object. */
function objectEvent(type: string, object: object) {
  const id = newId('evt');
  const event = {
    id,
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  return { id, payload: JSON.stringify(event) };
}

export async function startStripeFake(): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>();
  const charges = new Map<string, FakeCharge>();
  const replays = new Map<string, string>();
  const requests: StripeFake['requests'] = [];
  let base = '';

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const pay = url.pathname.match(/^\/pay\/([\w-]+)$/);
    if (req.method === 'GET' && pay) {
      const session = sessions.get(pay[1] ?? '');
      if (!session || session.status !== 'open') return json(res, 404, { error: { message: 'No such session' } });
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
      session.payment_intent ??= newId('pi');
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return res.end();
    }
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const body = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? replays.get(key) : undefined;
      if (replay) return json(res, 200, sessions.get(replay));
      const form = Object.fromEntries(new URLSearchParams(body));
      const amount = Number(form['line_items[0][price_data][unit_amount]']);
      const quantity = Number(form['line_items[0][quantity]'] ?? 1);
      if (!form.success_url) return invalid(res, 'Missing required param: success_url.', 'success_url');
      if (!Number.isInteger(amount) || amount < 1) {
        return invalid(res, 'Invalid integer', 'line_items[0][price_data][unit_amount]');
      }
      const id = newId('cs_test');
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      const now = Math.floor(Date.now() / 1000);
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `${base}/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        mode: form.mode ?? 'payment',
        amount_total: amount * quantity,
        amount_subtotal: amount * quantity,
        currency: form['line_items[0][price_data][currency]'] ?? 'usd',
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? '',
        created: now,
        expires_at: now + 86_400,
        livemode: false,
        payment_intent: null,
        form,
      };
      sessions.set(id, session);
      if (typeof key === 'string') replays.set(key, id);
      return json(res, 200, session);
    }
    const get = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
    if (req.method === 'GET' && get) {
      const session = sessions.get(get[1] ?? '');
      if (!session)
        return json(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      return json(res, 200, session);
    }
    return json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    sessions,
    requests,
    event(type, sessionId, overrides = {}) {
      const session = sessions.get(sessionId);
      if (session && overrides.payment_status === 'paid') session.payment_intent ??= newId('pi');
      const { form: _form, ...object } = { ...(session ?? { id: sessionId }), ...overrides } as FakeSession;
      return objectEvent(type, object);
    },
    refund(sessionId, amount) {
      const session = sessions.get(sessionId);
      const pi = session?.payment_intent;
      if (!session || !pi) throw new Error(`session ${sessionId} is not paid`);
      const charge = charges.get(pi) ?? {
        id: newId('ch'),
        object: 'charge' as const,
        amount: session.amount_total,
        amount_refunded: 0,
        refunded: false,
        currency: session.currency,
        payment_intent: pi,
        refunds: { object: 'list' as const, data: [], has_more: false as const },
      };
      charges.set(pi, charge);
      if (charge.amount_refunded + amount > charge.amount) throw new Error('Refund exceeds the charge');
      const refund: FakeRefund = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: session.currency,
        status: 'succeeded',
        payment_intent: pi,
        charge: charge.id,
        created: Math.floor(Date.now() / 1000),
      };
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      charge.refunds.data.unshift(refund);
      return { refund, charge: structuredClone(charge) };
    },
    objectEvent,
    sign: (payload, secret = FAKE_WEBHOOK_SECRET) => stripe.webhooks.generateTestHeaderString({ payload, secret }),
    async deliver(target, payload, secret = FAKE_WEBHOOK_SECRET) {
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
