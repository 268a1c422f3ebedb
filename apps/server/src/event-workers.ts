import type { Deps } from './deps.ts';
import { startBusConsumers } from './events/amqp-consumer.ts';
import { busNames } from './events/amqp-topology.ts';
import { startConsumerLoop } from './events/consumer-runner.ts';
import { startRelay } from './events/relay.ts';
import { rollupsConsumer } from './events/rollups.consumer.ts';
import { startInvoiceCloseJob } from './features/invoices/invoice-close.job.ts';
import { startInboundPostSender } from './features/routes/inbound-post-sender.ts';
import { createSuppressionsConsumer, suppressionsConsumer } from './features/suppressions/suppressions.consumer.ts';
import { startWebhookSender } from './features/webhooks/webhook-sender.ts';
import { webhooksConsumer } from './features/webhooks/webhooks.consumer.ts';

/**
 * Every consumer of the event outbox, in the order a round runs them. Composition (beside server.ts): the outbox and its
 * runner are in events/, the consumers that apply product policy (suppressions, webhooks) live with their feature.
 */
export const EVENT_CONSUMERS = [rollupsConsumer, suppressionsConsumer, webhooksConsumer];

/** The consumers with this installation's settings (the suppressions consumer with SOFT_SUPPRESSION_HOURS). */
const configuredConsumers = (deps: Deps) => {
  const suppressions = createSuppressionsConsumer({ softHours: deps.config.softSuppressionHours });
  return EVENT_CONSUMERS.map((c) => (c === suppressionsConsumer ? suppressions : c));
};

/**
 * The `events` role: with AMQP_URL, the consumers of the RabbitMQ event bus (docs/event-bus.md), as many processes
 * as needed; without it nothing (the worker role applies the outbox itself).
 */
export function startEventBusConsumers(deps: Deps) {
  const amqp = deps.config.amqp;
  if (!amqp) return null;
  return startBusConsumers(deps.db, deps.log, {
    url: amqp.url,
    names: busNames(amqp.prefix),
    consumers: configuredConsumers(deps),
  });
}

/**
 * The worker role's part for events: the outbox consumers, the webhook sender and the sender of inbound routes' URL
 * forwards, each polling every second.
 */
export function startEventWorkers(deps: Deps) {
  // With AMQP_URL the outbox is relayed to RabbitMQ (the events role applies it); otherwise applied here.
  const amqp = deps.config.amqp;
  const consumers = amqp
    ? startRelay(deps.db, deps.log, { url: amqp.url, names: busNames(amqp.prefix) })
    : startConsumerLoop(deps.db, deps.log, configuredConsumers(deps));
  const sender = startWebhookSender(deps.db, deps.log, { allowPrivate: deps.config.webhookAllowPrivate });
  // Inbound routes' URL forwards: the same signed, SSRF-guarded POSTs and retries as webhooks.
  const inboundPosts = startInboundPostSender(deps.db, deps.log, { allowPrivate: deps.config.webhookAllowPrivate });
  // Billing (issue 14): closes last month's invoices once a period ends (idempotent across workers).
  const invoices = startInvoiceCloseJob(deps);
  return {
    /** Run now: new events were written (or deliveries queued) in this process. */
    poke() {
      consumers.poke();
      sender.poke();
      inboundPosts.poke();
    },
    async stop() {
      await consumers.stop();
      await sender.stop();
      await inboundPosts.stop();
      await invoices.stop();
    },
  };
}
