import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { freeAllSlots, freeSlots, renewSlots, takeSlots } from './destination-limits.repo.ts';

/** One connection slot of a destination, held in the database for as long as the connection is open. */
export interface ConnectionLease {
  readonly destination: string;
  readonly slot: number;
  /** Set when a renewal found the slot taken by another process (ours had expired): close the connection. */
  readonly lost: boolean;
  /** Gives the slot back; a second call does nothing. */
  release(): void;
}

export interface DestinationLimitsOptions {
  /** Connections one destination may have open at once, all processes together (DELIVERY_CONCURRENCY). */
  limit: number;
  /** How long a slot outlives its holder's last renewal (a crashed process's slots free up after this). */
  ttlSeconds?: number;
  /** A freed slot stays with this process this long, for the next connection to the same destination. */
  keepFreedMs?: number;
}

interface Held {
  destination: string;
  slot: number;
  lost: boolean;
}

/**
 * Per-destination connection limits shared by every delivery worker process through the database (issue 17: "nothing
 * that must be shared lives only in one process's memory"). A slot is taken when a connection opens and given back
 * when it closes, so the cost is a statement per connection, not per message (connections carry up to 1000). The
 * takes of one tick to a destination share one statement; freed slots are kept a moment for the next connection of
 * this process and then deleted in one statement; one UPDATE renews every slot of the process.
 * Works alike on PGlite (one process) and PostgreSQL (many).
 */
export class DestinationLimits {
  readonly holder = randomBytes(9).toString('base64url');
  private readonly db: Db;
  private readonly log: Logger;
  private readonly limit: number;
  private readonly ttlSeconds: number;
  private readonly keepFreedMs: number;
  private readonly held = new Set<Held>();
  /** Takes waiting for this tick's statement, by destination. */
  private readonly asking = new Map<string, ((lease: ConnectionLease | null) => void)[]>();
  /** Slots given back locally and not yet deleted: the next take of the destination reuses them without a query. */
  private readonly spare = new Map<string, Held[]>();
  private flushTimer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;

  constructor(db: Db, log: Logger, options: DestinationLimitsOptions) {
    this.db = db;
    this.log = log;
    this.limit = options.limit;
    this.ttlSeconds = options.ttlSeconds ?? 30;
    this.keepFreedMs = options.keepFreedMs ?? 50;
  }

  /** Slots this process holds now (open connections that count against a limit). */
  get heldCount(): number {
    return this.held.size;
  }

  start(): void {
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => void this.renew(), (this.ttlSeconds * 1000) / 3);
    this.renewTimer.unref();
  }

  /** A slot for one more connection to `destination`, or null when every slot is taken (by any process). */
  acquire(destination: string): Promise<ConnectionLease | null> {
    const spares = this.spare.get(destination);
    for (let spare = spares?.pop(); spare; spare = spares?.pop()) {
      if (!spare.lost) return Promise.resolve(this.lease(spare));
      this.held.delete(spare);
    }
    return new Promise((resolve) => {
      const waiting = this.asking.get(destination);
      if (waiting) {
        waiting.push(resolve);
        return;
      }
      this.asking.set(destination, [resolve]);
      queueMicrotask(() => void this.take(destination));
    });
  }

  async stop(): Promise<void> {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.spare.clear();
    this.held.clear();
    await freeAllSlots(this.db, this.holder).catch((error: unknown) => {
      this.log.warn({ err: error }, 'freeing destination slots failed (they expire by themselves)');
    });
  }

  private async take(destination: string): Promise<void> {
    const waiting = this.asking.get(destination) ?? [];
    this.asking.delete(destination);
    let slots: number[] = [];
    try {
      slots = await takeSlots(this.db, destination, this.holder, this.limit, waiting.length, this.ttlSeconds);
    } catch (error) {
      // A throttle: a failed read means "not now", and the caller asks again shortly.
      this.log.warn({ err: error, destination }, 'taking a destination slot failed');
    }
    waiting.forEach((resolve, at) => {
      const slot = slots[at];
      if (slot === undefined) {
        resolve(null);
        return;
      }
      const held = { destination, slot, lost: false };
      this.held.add(held);
      resolve(this.lease(held));
    });
  }

  private lease(held: Held): ConnectionLease {
    let released = false;
    return {
      destination: held.destination,
      slot: held.slot,
      get lost() {
        return held.lost;
      },
      release: () => {
        if (released) return;
        released = true;
        if (held.lost) {
          this.held.delete(held);
          return;
        }
        const spare = this.spare.get(held.destination) ?? [];
        spare.push(held);
        this.spare.set(held.destination, spare);
        this.flushTimer ??= setTimeout(() => void this.flush(), this.keepFreedMs);
      },
    };
  }

  /** Deletes the slots nobody here took again. */
  private async flush(): Promise<void> {
    this.flushTimer = null;
    const freed = [...this.spare.values()].flat();
    this.spare.clear();
    for (const held of freed) this.held.delete(held);
    try {
      await freeSlots(this.db, this.holder, freed);
    } catch (error) {
      this.log.warn({ err: error }, 'freeing destination slots failed (they expire by themselves)');
    }
  }

  private async renew(): Promise<void> {
    // Only slots held before the statement: one taken while it runs may not be in its answer.
    const before = [...this.held];
    if (!before.length) return;
    try {
      const still = new Set((await renewSlots(this.db, this.holder, this.ttlSeconds)).map(keyOf));
      for (const held of before) {
        // Expired under a stalled renewal and taken by another process: this connection is one too many.
        if (!still.has(keyOf(held))) held.lost = true;
      }
    } catch (error) {
      this.log.warn({ err: error }, 'renewing destination slots failed');
    }
  }
}

const keyOf = (slot: { destination: string; slot: number }) => `${slot.slot}:${slot.destination}`;
