import type { FastifyInstance } from 'fastify';
import type { Config, ServerRole } from './config.ts';
import { type Db, openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { startEventWorkers } from './events/event-workers.ts';
import { ensureFirstSuperadmin } from './features/users/bootstrap.ts';
import { buildApp } from './http/app.ts';
import { createLogger, type Logger } from './log.ts';
import { startMailEngine } from './mail/engine.ts';
import { startInboundRole } from './mail/inbound/inbound-role.ts';

export interface RunningServer {
  deps: Deps;
  app: FastifyInstance | null;
  url: string | null;
  stop(): Promise<void>;
}

export async function openDatabase(config: Config, log: Logger): Promise<Db> {
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  return db;
}

/** Starts the requested roles in this process; all of them by default (spec: one program, several roles). */
export async function startServer(
  config: Config,
  roles: ServerRole[],
  existing?: { db?: Db; log?: Logger },
): Promise<RunningServer> {
  const log = existing?.log ?? createLogger(config);
  const db = existing?.db ?? (await openDatabase(config, log));
  const deps: Deps = { config, db, log };
  await ensureFirstSuperadmin(db, log, { username: config.adminUsername, password: config.adminPassword });

  let app: FastifyInstance | null = null;
  let url: string | null = null;
  if (roles.includes('api')) {
    app = await buildApp(deps);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://localhost:${port}`;
  }
  // The mail engine: SMTP submission with the smtp role, delivery and periodic jobs with the worker role.
  const engine = await startMailEngine(deps, { smtp: roles.includes('smtp'), worker: roles.includes('worker') });
  // The inbound MX (bounces and complaints to VERP addresses) runs with the smtp role.
  const inbound = roles.includes('smtp') ? await startInboundRole(deps) : null;
  // Outbox consumers (statistics, webhooks, suppressions) and the webhook sender run with the worker role.
  const eventWorkers = roles.includes('worker') ? startEventWorkers(deps) : null;

  let stopped = false;
  return {
    deps,
    app,
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app?.close();
      await inbound?.close();
      await engine.stop();
      await eventWorkers?.stop();
      if (!existing?.db) await db.close();
    },
  };
}
