import { deliveryLatency, deliveryOutcomes, smtpAttemptSeconds } from './registry.ts';

/** The parts of a recorded delivery result the metrics read (mail/delivery's DeliveryResult fits it). */
export interface ObservedDelivery {
  delivery: { queuedAt?: Date };
  results: readonly {
    outcome: 'delivered' | 'softbounce' | 'hardbounce';
    category: string | null;
    attempted: boolean;
    durationMs: number;
  }[];
}

const OUTCOME = { delivered: 'delivered', softbounce: 'deferred', hardbounce: 'bounced' } as const;

/** Counts a delivery once its results are committed (a crash before that retries it, and it is counted then). */
export function observeDelivery(result: ObservedDelivery, now = Date.now()): void {
  const queuedAt = result.delivery.queuedAt?.getTime();
  for (const r of result.results) {
    deliveryOutcomes.inc({ outcome: OUTCOME[r.outcome], category: r.category ?? '' });
    if (r.attempted) smtpAttemptSeconds.observe(r.durationMs / 1000);
    if (r.outcome !== 'softbounce' && queuedAt !== undefined)
      deliveryLatency.observe(Math.max(0, now - queuedAt) / 1000);
  }
}
