import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The machine's broker (CI starts it); tests work in a vhost of their own, so parallel runs never share queues. */
const BROKER = process.env.TEST_AMQP_BROKER ?? 'guest:guest@127.0.0.1:5672';

const rabbitmqctl = (...args: string[]) => run('rabbitmqctl', ['-q', ...args], { timeout: 60_000 });

export interface TestVhost {
  vhost: string;
  /** AMQP_URL for this vhost. */
  url: string;
  /** Closes every client connection of this vhost at once, as a broker restart does (others' vhosts untouched). */
  closeConnections(): Promise<void>;
  drop(): Promise<void>;
}

export async function makeTestVhost(): Promise<TestVhost> {
  const vhost = `mw-test-${randomBytes(5).toString('hex')}`;
  await rabbitmqctl('add_vhost', vhost);
  await rabbitmqctl('set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*');
  return {
    vhost,
    url: `amqp://${BROKER}/${encodeURIComponent(vhost)}`,
    async closeConnections() {
      await rabbitmqctl('close_all_connections', '-p', vhost, 'test: broker going away');
    },
    async drop() {
      await rabbitmqctl('delete_vhost', vhost);
    },
  };
}

/** Polls `check` until it answers true, or fails with `what` after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
