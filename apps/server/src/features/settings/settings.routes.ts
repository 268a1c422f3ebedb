import { settingsEndpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { getServerSettings } from './settings.service.ts';

export function registerSettingsRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, settingsEndpoints.get, ({ auth }) => getServerSettings(deps, auth));
}
