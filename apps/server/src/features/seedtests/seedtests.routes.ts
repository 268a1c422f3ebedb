import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as mailboxes from './seed-mailboxes.service.ts';
import * as service from './seedtests.service.ts';

const api = endpoints.seedTests;
const seedList = endpoints.seedMailboxes;

/** domains/{id}/seedtests (+/{id}, spec 7) and the operators' seed list (system/seed-mailboxes). */
export function registerSeedTestRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.list, ({ auth, params, query }) => service.listSeedTests(deps, auth, params.id, query));
  route(app, deps, api.create, ({ auth, params, body }) => service.createSeedTest(deps, auth, params.id, body));
  route(app, deps, api.get, ({ auth, params }) => service.getSeedTest(deps, auth, params.id, params.stid));
  route(app, deps, api.rerun, ({ auth, params }) => service.rerunSeedTest(deps, auth, params.id, params.stid));
  route(app, deps, seedList.list, () => mailboxes.listSeedMailboxes(deps));
  route(app, deps, seedList.create, ({ body }) => mailboxes.createSeedMailbox(deps, body));
  route(app, deps, seedList.update, ({ params, body }) => mailboxes.updateSeedMailbox(deps, params.id, body));
  route(app, deps, seedList.remove, ({ params }) => mailboxes.deleteSeedMailbox(deps, params.id));
}
