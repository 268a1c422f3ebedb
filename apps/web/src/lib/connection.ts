import { MAX_FAILED_PINGS, RECONNECT_PING_MS, RELOAD_DELAY_MS } from '@mailwright/contract';
import { checkSession } from './session.ts';

/**
 * While the connection is lost, pings the status check every 5000 ms (spec 9). A ping that reaches the server ends
 * the outage; after more than 5 failed pings the page reloads after 3000 ms. Returns a function that stops it.
 */
export function startReconnectPing(onReconnected: () => void): () => void {
  let failures = 0;
  let stopped = false;
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  const interval = setInterval(async () => {
    const result = await checkSession();
    if (stopped) return;
    if (result === 'online') {
      stop();
      onReconnected();
      return;
    }
    failures += 1;
    if (failures > MAX_FAILED_PINGS && reloadTimer === undefined) {
      clearInterval(interval);
      reloadTimer = setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    }
  }, RECONNECT_PING_MS);

  function stop() {
    stopped = true;
    clearInterval(interval);
    if (reloadTimer !== undefined) clearTimeout(reloadTimer);
  }
  return stop;
}
