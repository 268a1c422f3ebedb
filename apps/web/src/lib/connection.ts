import { MAX_FAILED_PINGS, RECONNECT_PING_MS, RELOAD_DELAY_MS } from '@mailwright/contract';
import { checkSession } from './session.ts';
import { getState } from './store.ts';

/**
 * Spec 9's "no current customer": a signed-in page whose session (and so its customer) never loaded, because the
 * console started while the server was out of reach. What its start-up should have loaded (the session, the
 * signed-in frame's code) is missing, so it starts again rather than carry on half-made.
 */
function hasNoCurrentCustomer(): boolean {
  const { token, session } = getState();
  return token !== null && session === null;
}

/**
 * While the connection is lost, pings the status check every 5000 ms (spec 9). A ping that reaches the server ends
 * the outage. The page reloads after 3000 ms after more than 5 failed pings, or when the server answers a page with
 * no current customer (only then: reloading while the server is away shows the browser's own error page, which
 * never tries again). A reload once decided is final. Returns a function that stops the pings.
 */
export function startReconnectPing(onReconnected: () => void): () => void {
  let failures = 0;
  let stopped = false;
  let reloading = false;
  const interval = setInterval(async () => {
    const noCustomer = hasNoCurrentCustomer();
    const result = await checkSession();
    if (reloading) return;
    // Before the pings stop: the answer itself turns the connection-lost flag off, which stops them.
    if (result === 'online' && noCustomer) return reloadSoon();
    if (stopped) return;
    if (result === 'online') {
      stop();
      onReconnected();
      return;
    }
    failures += 1;
    if (failures > MAX_FAILED_PINGS) reloadSoon();
  }, RECONNECT_PING_MS);

  function reloadSoon() {
    reloading = true;
    clearInterval(interval);
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  }

  function stop() {
    stopped = true;
    clearInterval(interval);
  }
  return stop;
}
