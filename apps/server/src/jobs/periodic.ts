import type { Logger } from '../log.ts';

export interface PeriodicJob {
  /** Run now (e.g. new work was just queued in this process). */
  poke(): void;
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs` (never two runs at once); `work` answers true when it may have more to do, and then
 * runs again at once. An error is logged and the next run comes at the next interval.
 */
export function startPeriodic(
  name: string,
  intervalMs: number,
  log: Logger,
  work: () => Promise<boolean>,
): PeriodicJob {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    if (running || stopped) return;
    running = (async () => {
      let more = false;
      try {
        more = await work();
      } catch (error) {
        log.error({ err: error, job: name }, 'periodic job failed');
      }
      running = null;
      schedule(more ? 0 : intervalMs);
    })();
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
