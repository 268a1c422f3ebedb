import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { listNotifications, markRead } from './notifications.repo.ts';

const e = endpoints.account;

export function registerNotificationRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.notifications, ({ auth, query }) => listNotifications(deps.db, auth.cid, auth.uid, query.limit));
  route(app, deps, e.markNotificationsRead, async ({ auth, body }) => {
    await markRead(deps.db, auth.cid, auth.uid, body.ids);
    return listNotifications(deps.db, auth.cid, auth.uid, 20);
  });
}
