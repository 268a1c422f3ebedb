/**
 * Group commit: callers submit one item each and wait; items that arrive while a flush runs are written together by
 * the next flush, in one transaction. Under load this turns hundreds of small transactions (each an fsync on
 * PostgreSQL) into a few large ones. `lingerMs` holds a batch that is not full for that long first, so items still
 * on their way (each runs many event-loop turns before it submits) join it; 0 flushes at once.
 */
export class GroupCommit<T, R> {
  private readonly flush: (items: T[]) => Promise<R[]>;
  private readonly maxBatch: number;
  private readonly maxParallel: number;
  private readonly lingerMs: number;
  private lingering: NodeJS.Timeout | null = null;
  private pending: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    flush: (items: T[]) => Promise<R[]>,
    options: { maxBatch: number; maxParallel: number; lingerMs?: number },
  ) {
    this.flush = flush;
    this.maxBatch = options.maxBatch;
    this.maxParallel = options.maxParallel;
    this.lingerMs = options.lingerMs ?? 0;
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Resolves when nothing is pending or being written. */
  async drain(): Promise<void> {
    if (!this.pending.length && !this.running) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    if (this.lingerMs > 0 && this.pending.length < this.maxBatch && this.running < this.maxParallel) {
      if (!this.lingering) {
        this.lingering = setTimeout(() => {
          this.lingering = null;
          this.flushNow();
        }, this.lingerMs);
      }
      return;
    }
    this.flushNow();
  }

  private flushNow(): void {
    while (this.pending.length && this.running < this.maxParallel) {
      const batch = this.pending.splice(0, this.maxBatch);
      this.running++;
      void this.run(batch);
    }
  }

  private async run(batch: typeof this.pending): Promise<void> {
    try {
      const results = await this.flush(batch.map((b) => b.item));
      batch.forEach((b, i) => {
        b.resolve(results[i] as R);
      });
    } catch (error) {
      for (const b of batch) b.reject(error);
    } finally {
      this.running--;
      this.pump();
      if (!this.pending.length && !this.running) {
        for (const wake of this.idleWaiters.splice(0)) wake();
      }
    }
  }
}
