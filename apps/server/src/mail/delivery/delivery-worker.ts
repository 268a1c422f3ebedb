import type { Deps } from '../../deps.ts';
import { GroupCommit } from '../group-commit.ts';
import { type DeliverContext, deliver } from './deliver.ts';
import { claimDeliveries, type DeliveryResult, recordDeliveryResults } from './delivery.repo.ts';

const CLAIM_BATCH = 200;
const IDLE_POLL_MS = 500;

/**
 * The delivery loop of a worker process: claims due queue rows while it has room (DELIVERY_MAX_IN_FLIGHT), delivers
 * them concurrently and records the results in group commits. Several workers (processes) share one queue.
 */
export class DeliveryWorker {
  private readonly deps: Deps;
  private readonly ctx: DeliverContext;
  private readonly results: GroupCommit<DeliveryResult, undefined>;
  private inFlight = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A wake-up that came while the loop was busy: its next sleep returns at once. */
  private woken = false;
  private waitingForRoom = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(deps: Deps, ctx: DeliverContext) {
    this.deps = deps;
    this.ctx = ctx;
    const parallel = deps.db.kind === 'pglite' ? 1 : 2;
    this.results = new GroupCommit((batch) => recordDeliveryResults(deps.db, batch), {
      maxBatch: 200,
      maxParallel: parallel,
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** New mail was queued (in this process): look now instead of at the next poll. */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await this.results.drain();
  }

  private async run(): Promise<void> {
    const { config, log } = this.deps;
    while (this.running) {
      const room = config.deliveryMaxInFlight - this.inFlight;
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
        this.inFlight++;
        deliver(delivery, this.ctx)
          .then((result) => this.results.submit(result))
          .catch((error: unknown) => {
            // Not recorded: the lease runs out and the row is retried, so nothing is lost.
            log.error({ err: error, queueId: delivery.queueId }, 'delivery failed');
          })
          .finally(() => {
            this.inFlight--;
            if (this.waitingForRoom) this.wake();
          });
      }
      if (claimed.length < Math.min(room, CLAIM_BATCH)) await this.sleep(IDLE_POLL_MS);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
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
