import type { Logger } from '../log.ts';

export interface Poller {
  /** Run now instead of at the next interval (e.g. right after new work was written). */
  poke(): void;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * Calls `round` every `intervalMs`, never two at once. A round answers true when it may have left work behind (a full
 * batch), and then the next one starts at once. A failing round is logged and retried at the next interval.
 */
export function startPoller(name: string, log: Logger, round: () => Promise<boolean>, intervalMs: number): Poller {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
  };
  const tick = () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((error) => {
        log.error({ err: error, poller: name }, 'background round failed; retrying');
        return false;
      })
      .then((more) => {
        running = null;
        const now = more || again;
        again = false;
        schedule(now ? 0 : intervalMs);
      });
  };
  schedule(0);
  return {
    poke: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
