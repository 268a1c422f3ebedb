/**
 * Counts events of the last minute in one-second buckets: O(1) per event and constant memory however many
 * deliveries a second go through (a list of timestamps would grow with the rate).
 */
export class RecentCounter {
  private readonly buckets = new Array<number>(60).fill(0);
  private readonly stamps = new Array<number>(60).fill(-1);
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  add(count = 1): void {
    const second = Math.floor(this.now() / 1000);
    const slot = second % 60;
    if (this.stamps[slot] !== second) {
      this.stamps[slot] = second;
      this.buckets[slot] = 0;
    }
    this.buckets[slot] = (this.buckets[slot] ?? 0) + count;
  }

  /** Events in the last 60 seconds (the current second included). */
  total(): number {
    const second = Math.floor(this.now() / 1000);
    let sum = 0;
    for (let slot = 0; slot < 60; slot++) {
      const stamp = this.stamps[slot] ?? -1;
      if (stamp > second - 60) sum += this.buckets[slot] ?? 0;
    }
    return sum;
  }
}
