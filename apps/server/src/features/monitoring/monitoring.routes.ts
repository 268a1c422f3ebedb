import { mtasEndpoints, queuesEndpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { groupProcesses, listLiveProcesses } from './mtas.repo.ts';
import { actOnDeferred, deliveryQueues, retryDestinationNow } from './queues.repo.ts';

/** Operators' monitoring (issue 17): the running processes (system/mtas) and the queues (system/monitoring/queues). */
export function registerMonitoringRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, mtasEndpoints.list, async () => groupProcesses(await listLiveProcesses(deps.db)));
  route(app, deps, queuesEndpoints.list, async ({ query }) => ({
    delivery: await deliveryQueues(deps.db, deps.config.deliveryLeaseSeconds, query.limit),
    // No broker is built yet (RabbitMQ as the event bus is a later part of issue 17): the screen says so.
    rabbitmq: { configured: false as const },
  }));
  route(app, deps, queuesEndpoints.retryDestination, async ({ params }) => {
    const count = await retryDestinationNow(deps.db, deps.config.deliveryLeaseSeconds, params.destination);
    if (!count) throw notFound(`No deferred messages to ${params.destination}`);
    return {
      message: `${count} deferred message${count === 1 ? '' : 's'} to ${params.destination} will be retried now`,
      count,
    };
  });
  route(app, deps, queuesEndpoints.deferred, async ({ body }) => {
    const count = await actOnDeferred(deps.db, deps.config.deliveryLeaseSeconds, body);
    const what = `${count} deferred message${count === 1 ? '' : 's'}`;
    return { message: body.action === 'retry' ? `${what} will be retried now` : `${what} dropped`, count };
  });
}
