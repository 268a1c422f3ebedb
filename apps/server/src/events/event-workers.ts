import type { Deps } from '../deps.ts';
import { startWebhookSender } from '../features/webhooks/webhook-sender.ts';
import { startConsumerLoop } from './consumer-runner.ts';
import { rollupsConsumer } from './rollups.consumer.ts';
import { createSuppressionsConsumer, suppressionsConsumer } from './suppressions.consumer.ts';
import { webhooksConsumer } from './webhooks.consumer.ts';

/** Every consumer of the event outbox, in the order a round runs them. */
export const EVENT_CONSUMERS = [rollupsConsumer, suppressionsConsumer, webhooksConsumer];

/** The worker role's part for events: the outbox consumers and the webhook sender, each polling every second. */
export function startEventWorkers(deps: Deps) {
  // The suppressions consumer with this installation's SOFT_SUPPRESSION_HOURS.
  const suppressions = createSuppressionsConsumer({ softHours: deps.config.softSuppressionHours });
  const consumers = startConsumerLoop(
    deps.db,
    deps.log,
    EVENT_CONSUMERS.map((c) => (c === suppressionsConsumer ? suppressions : c)),
  );
  const sender = startWebhookSender(deps.db, deps.log, { allowPrivate: deps.config.webhookAllowPrivate });
  return {
    /** Run now: new events were written (or deliveries queued) in this process. */
    poke() {
      consumers.poke();
      sender.poke();
    },
    async stop() {
      await consumers.stop();
      await sender.stop();
    },
  };
}
