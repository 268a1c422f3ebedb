import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './webhooks.service.ts';

const e = endpoints.webhooks;

export function registerWebhookRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth, params }) => service.listWebhooks(deps, auth.cid, params.id));
  route(app, deps, e.create, ({ auth, params, body }) => service.createWebhook(deps, auth.cid, params.id, body));
  route(app, deps, e.get, ({ auth, params }) => service.getWebhook(deps, auth.cid, params.id, params.webhook_id));
  route(app, deps, e.update, ({ auth, params, body }) =>
    service.updateWebhook(deps, auth.cid, params.id, params.webhook_id, body),
  );
  route(app, deps, e.remove, ({ auth, params }) => service.deleteWebhook(deps, auth.cid, params.id, params.webhook_id));
  route(app, deps, e.test, ({ auth, params }) => service.testWebhook(deps, auth.cid, params.id, params.webhook_id));
  route(app, deps, e.state, ({ auth, params, body }) =>
    service.updateWebhook(deps, auth.cid, params.id, params.webhook_id, { enabled: body.enabled }),
  );
  route(app, deps, e.params, async () => service.webhookParams());
  route(app, deps, e.deferred, ({ query }) => service.listDeferredWebhooks(deps, query));
  route(app, deps, e.replay, ({ params }) => service.replayDeferredWebhook(deps, params.id));
}
