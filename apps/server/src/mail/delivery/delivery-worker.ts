import type { Deps } from '../../deps.ts';
import { observeDelivery } from '../../metrics/delivery-metrics.ts';
import { GroupCommit } from '../group-commit.ts';
import { RecentCounter } from '../processes/recent-counter.ts';
import { type DeliverContext, deliver } from './deliver.ts';
import { claimDeliveries, type DeliveryResult, extendLeases, recordDeliveryResults } from './delivery.repo.ts';

const CLAIM_BATCH = 200;
const IDLE_POLL_MS = 500;
const WAKE_DELAY_MS = 20;

/**
 * The delivery loop of a worker process: claims due queue rows while it has room (DELIVERY_MAX_IN_FLIGHT), delivers
 * them concurrently and records the results in group commits. Several workers (processes) share one queue.
 * While rows wait here (for a connection slot, a slow MX), a heartbeat keeps extending their lease; a crashed worker
 * stops extending, and its rows come due again one lease later.
 */
export class DeliveryWorker {
  private readonly deps: Deps;
  private readonly ctx: DeliverContext;
  private readonly results: GroupCommit<DeliveryResult, undefined>;
  /** Queue rows claimed by this worker and not yet recorded. */
  private readonly inFlight = new Set<number>();
  /** Recipients delivered by this worker, for the process list (system/mtas). */
  private readonly delivered = new RecentCounter();
  private heartbeat: NodeJS.Timeout | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A wake-up that came while the loop was busy: its next sleep returns at once. */
  private woken = false;
  private waitingForRoom = false;
  private timer: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;

  constructor(deps: Deps, ctx: DeliverContext) {
    this.deps = deps;
    this.ctx = ctx;
    const pglite = deps.db.kind === 'pglite';
    this.results = new GroupCommit((batch) => recordDeliveryResults(deps.db, batch), {
      maxBatch: 200,
      maxParallel: pglite ? 1 : 2,
      lingerMs: pglite ? 10 : 2,
    });
  }

  /** Queue rows this worker holds now (claimed, not yet recorded). */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** Recipients this worker delivered in the last 60 seconds. */
  get deliveredLastMinute(): number {
    return this.delivered.total();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    const every = Math.max(1000, (this.deps.config.deliveryLeaseSeconds * 1000) / 3);
    this.heartbeat = setInterval(() => void this.renewLeases(), every);
    this.heartbeat.unref();
  }

  /**
   * New mail was queued (in this process): look soon instead of at the next poll. Soon, not at once: intake commits
   * many small batches, and one claim a little later takes them all.
   */
  wake(): void {
    if (!this.wakeUp) {
      this.woken = true;
      return;
    }
    if (this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeUp?.();
    }, WAKE_DELAY_MS);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    while (this.inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await this.results.drain();
    if (this.heartbeat) clearInterval(this.heartbeat);
  }

  private async run(): Promise<void> {
    const { config, log } = this.deps;
    while (this.running) {
      const room = config.deliveryMaxInFlight - this.inFlight.size;
      if (room <= 0) {
        this.waitingForRoom = true;
        await this.sleep(IDLE_POLL_MS);
        this.waitingForRoom = false;
        continue;
      }
      let claimed: Awaited<ReturnType<typeof claimDeliveries>> = [];
      try {
        claimed = await claimDeliveries(this.deps.db, Math.min(room, CLAIM_BATCH), config.deliveryLeaseSeconds);
      } catch (error) {
        log.error({ err: error }, 'claiming deliveries failed');
      }
      for (const delivery of claimed) {
        // Already on its way here (its lease ran out under a stalled heartbeat): never deliver it twice at once.
        if (this.inFlight.has(delivery.queueId)) continue;
        this.inFlight.add(delivery.queueId);
        deliver(delivery, this.ctx)
          .then((result) =>
            this.results.submit(result).then(() => {
              observeDelivery(result);
              this.delivered.add(result.results.filter((r) => r.outcome === 'delivered').length);
            }),
          )
          .catch((error: unknown) => {
            // Not recorded: the lease runs out and the row is retried, so nothing is lost.
            log.error({ err: error, queueId: delivery.queueId }, 'delivery failed');
          })
          .finally(() => {
            this.inFlight.delete(delivery.queueId);
            if (this.waitingForRoom) this.wake();
          });
      }
      if (claimed.length < Math.min(room, CLAIM_BATCH)) await this.sleep(IDLE_POLL_MS);
    }
  }

  private async renewLeases(): Promise<void> {
    if (!this.inFlight.size) return;
    try {
      await extendLeases(this.deps.db, [...this.inFlight], this.deps.config.deliveryLeaseSeconds);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'extending delivery leases failed');
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      // Woken while busy: look again shortly (not at once, so one claim takes what arrives meanwhile).
      this.woken = false;
      ms = Math.min(ms, WAKE_DELAY_MS);
    }
    return new Promise((resolve) => {
      const done = () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wakeUp = null;
        resolve();
      };
      this.wakeUp = done;
      this.timer = setTimeout(done, ms);
    });
  }
}
