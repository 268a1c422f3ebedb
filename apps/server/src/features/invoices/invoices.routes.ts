import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './invoices.service.ts';
import { applyStripeEvent, startInvoicePayment, verifyWebhook } from './payment.service.ts';
import { changeTier } from './tier-change.service.ts';

const api = endpoints.invoices;

/** Outside the contract: Stripe calls it, signed with the endpoint secret instead of a session. */
export const STRIPE_WEBHOOK_PATH = '/api/payment/stripe-webhook';

/** GET billing, billing/invoices, billing/invoice/{id}/breakdown, payment/start/{id} (spec 7) and Stripe's webhook. */
export function registerInvoiceRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.overview, ({ auth }) => service.billingOverview(deps, auth));
  route(app, deps, api.invoices, ({ auth }) => service.invoicesOf(deps, auth));
  route(app, deps, api.breakdown, ({ auth, params, query, reply }) =>
    service.sendBreakdown(deps, auth, params.id, query.format, reply),
  );
  route(app, deps, api.markPaid, ({ auth, params }) => service.markPaidByOperator(deps, auth, params.id));
  route(app, deps, api.paymentStart, ({ auth, params }) => startInvoicePayment(deps, auth, params.id));
  route(app, deps, api.paymentTier, ({ auth, params }) => changeTier(deps, auth, params.btid));

  // The signature covers the exact bytes Stripe sent, so this route reads its body raw (its own parser, in its own
  // plugin scope: every other route keeps the JSON parser).
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      const event = await verifyWebhook(deps, raw, typeof signature === 'string' ? signature : undefined);
      const outcome = await applyStripeEvent(deps.db, event, deps.log);
      req.log.info({ event: event.id, type: event.type, outcome }, 'Stripe event');
      return reply.send({ received: true, outcome });
    });
  });
}
