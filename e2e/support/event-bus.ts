import { randomBytes } from 'node:crypto';
import { test as base } from './fixtures.ts';

/**
 * A server on the machine's RabbitMQ (issue 17, the event bus journeys): it runs with AMQP_URL in a vhost of this
 * worker's own (made and dropped through the management API), so its three queues are the only ones there.
 */
const MANAGEMENT = process.env.E2E_AMQP_MANAGEMENT_URL ?? 'http://127.0.0.1:15672';
const BROKER = process.env.E2E_AMQP_BROKER ?? 'guest:guest@127.0.0.1:5672';
export const PREFIX = 'mwe2e.';

async function management(method: 'PUT' | 'DELETE', path: string, body?: object): Promise<void> {
  const res = await fetch(`${MANAGEMENT}/api/${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from('guest:guest').toString('base64')}`,
      'content-type': 'application/json',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`RabbitMQ management ${method} ${path}: ${res.status} ${await res.text()}`);
}

export const test = base.extend<object, { vhost: string; managementUrl: string }>({
  /** AMQP_MANAGEMENT_URL of the server; a closed port shows the reason the queue figures are missing. */
  managementUrl: [MANAGEMENT, { scope: 'worker', option: true }],
  vhost: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const vhost = `mw-e2e-${randomBytes(5).toString('hex')}`;
      await management('PUT', `vhosts/${vhost}`);
      await management('PUT', `permissions/${vhost}/guest`, { configure: '.*', write: '.*', read: '.*' });
      await use(vhost);
      await management('DELETE', `vhosts/${vhost}`);
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ vhost, managementUrl }, use) =>
      use({ AMQP_URL: `amqp://${BROKER}/${vhost}`, AMQP_PREFIX: PREFIX, AMQP_MANAGEMENT_URL: managementUrl }),
    { scope: 'worker' },
  ],
});
