import { type DeferredAction, mtasEndpoints, queuesEndpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { eventBusStatus } from '../../events/amqp-management.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { groupProcesses, listLiveProcesses } from './mtas.repo.ts';
import { customerExists, listPauses, type PauseTarget, pause, resume } from './pauses.repo.ts';
import { actOnDeferred, countDeferred, deliveryQueues, retryDestinationNow } from './queues.repo.ts';

const noun = (count: number) => (count === 1 ? 'message' : 'messages');
const messages = (count: number) => `${count} ${noun(count)}`;

const DONE: Record<DeferredAction['action'], (count: number) => string> = {
  retry: (count) => `${count} deferred ${noun(count)} will be retried now`,
  release: (count) => `${count} paused ${noun(count)} released: the pause stays`,
  drop: (count) => `${messages(count)} dropped`,
};
const WOULD: Record<DeferredAction['action'], (count: number) => string> = {
  retry: (count) => `${messages(count)} deferred now would be retried`,
  release: (count) => `${messages(count)} paused now would be released`,
  drop: (count) => `${messages(count)} deferred or paused now would be dropped`,
};

/** Operators' monitoring (issue 17): the running processes (system/mtas) and the queues (system/monitoring/queues). */
export function registerMonitoringRoutes(app: FastifyInstance, deps: Deps) {
  const lease = () => deps.config.deliveryLeaseSeconds;
  route(app, deps, mtasEndpoints.list, async () => groupProcesses(await listLiveProcesses(deps.db)));
  route(app, deps, queuesEndpoints.list, async ({ query }) => {
    const [delivery, pauses] = await Promise.all([deliveryQueues(deps.db, lease(), query.limit), listPauses(deps.db)]);
    return {
      delivery: { ...delivery, pauses },
      rabbitmq: await eventBusStatus(deps.db, deps.config.amqp),
    };
  });
  route(app, deps, queuesEndpoints.retryDestination, async ({ params }) => {
    const count = await retryDestinationNow(deps.db, lease(), params.destination);
    if (!count) throw notFound(`No deferred messages to ${params.destination}`);
    return { message: `${count} deferred ${noun(count)} to ${params.destination} will be retried now`, count };
  });

  const pauseRoute = async (target: PauseTarget, name: string, uid: number) => {
    const { created, count } = await pause(deps.db, lease(), target, uid);
    if (!created) return { message: `${name} is already paused`, count };
    return { message: `${name} paused: ${messages(count)} held`, count };
  };
  const resumeRoute = async (target: PauseTarget, name: string) => {
    const { existed, count } = await resume(deps.db, target);
    if (!existed) throw notFound(`${name} is not paused`);
    return { message: `${name} resumed: ${messages(count)} due now`, count };
  };
  route(app, deps, queuesEndpoints.pauseDestination, ({ params, auth }) =>
    pauseRoute({ destination: params.destination }, params.destination, auth.uid),
  );
  route(app, deps, queuesEndpoints.resumeDestination, ({ params }) =>
    resumeRoute({ destination: params.destination }, params.destination),
  );
  route(app, deps, queuesEndpoints.pauseCustomer, async ({ params, auth }) => {
    if (!(await customerExists(deps.db, params.customerId))) throw notFound('No such customer');
    return pauseRoute({ customerId: params.customerId }, `Customer ${params.customerId}`, auth.uid);
  });
  route(app, deps, queuesEndpoints.resumeCustomer, ({ params }) =>
    resumeRoute({ customerId: params.customerId }, `Customer ${params.customerId}`),
  );

  route(app, deps, queuesEndpoints.previewDeferred, async ({ body }) => {
    const count = await countDeferred(deps.db, lease(), body);
    return { message: WOULD[body.action](count), count };
  });
  route(app, deps, queuesEndpoints.deferred, async ({ body }) => {
    const count = await actOnDeferred(deps.db, lease(), body);
    return { message: DONE[body.action](count), count };
  });
}
