import type { FastifyInstance } from 'fastify';
import type { Config, ServerRole } from './config.ts';
import { type Db, openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { engineDepsFor } from './engine-deps.ts';
import { startEventBusConsumers, startEventWorkers } from './event-workers.ts';
import { startMigrationJob } from './features/migration/migration.job.ts';
import { ensureSandboxDomains } from './features/sandbox/sandbox.service.ts';
import { writeSandboxStarter } from './features/sandbox/sandbox-starter.ts';
import { startSeedTestRunner } from './features/seedtests/seed-runner.job.ts';
import { ensureFirstSuperadmin, type FirstSuperadmin } from './features/users/bootstrap.ts';
import { startReputationJob } from './jobs/reputation.job.ts';
import { startSystemMailJob } from './jobs/system-mail.job.ts';
import { createLogger, type Logger } from './log.ts';
import { startMailEngine } from './mail/engine.ts';
import { loadMailSecret } from './mail/mail-tokens.ts';
import { registerProcess } from './mail/processes/process-registry.ts';
import { startMetricsServer } from './metrics/http.ts';
import { startMetrics, stopMetrics } from './metrics/registry.ts';
import { sealPlaintextSecrets } from './secrets/reseal.ts';
import { installSecretKeys, loadSecretKeys } from './secrets/secret-keys.ts';

export interface RunningServer {
  deps: Deps;
  /** The superadmin this start created on an empty database, if it did. */
  firstAdmin: FirstSuperadmin | null;
  app: FastifyInstance | null;
  url: string | null;
  stop(): Promise<void>;
}

/** Loads the secret keys (before the database: a missing production setting stops here), migrates, seals. */
export async function openDatabase(config: Config, log: Logger): Promise<Db> {
  installSecretKeys(await loadSecretKeys(config));
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const sealed = await sealPlaintextSecrets(db);
  if (Object.keys(sealed).length) log.info({ sealed }, 'secrets stored in clear were encrypted');
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
  const firstAdmin = await ensureFirstSuperadmin(db, log, {
    username: config.adminUsername,
    password: config.adminPassword,
  });
  // Every customer has a sandbox domain (issue 11): customers from before it, or made by the CLI, get theirs here.
  await ensureSandboxDomains(deps);
  await writeSandboxStarter(deps);

  startMetrics(db, roles);
  let app: FastifyInstance | null = null;
  let url: string | null = null;
  if (roles.includes('api')) {
    // Imported here, not at the top: a process without the api role never loads the features' routes (memory).
    const [{ registerAppRoutes }, { buildApp }] = await Promise.all([
      import('./app-routes.ts'),
      import('./http/app.ts'),
    ]);
    app = await buildApp(deps, registerAppRoutes);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://localhost:${port}`;
  }
  // The sandbox catch-all MX runs beside the delivery worker, its only client, on a loopback port of the same host.
  const sandboxMx =
    roles.includes('worker') && config.sandbox
      ? await (await import('./mail/sandbox/sandbox-mx.ts')).startSandboxMx({
          db,
          log,
          secret: await loadMailSecret(db),
          port: config.sandboxMxPort,
          maxSize: config.smtpMaxSize,
        })
      : null;
  // The mail engine: SMTP submission with the smtp role, delivery and periodic jobs with the worker role.
  const engine = await startMailEngine(engineDepsFor(deps), {
    smtp: roles.includes('smtp'),
    worker: roles.includes('worker'),
    ...(sandboxMx ? { sandboxMx: sandboxMx.target } : {}),
  });
  // Platform mail (password resets, invitations) goes through this process's intake, with the worker role.
  const systemMail = roles.includes('worker') ? startSystemMailJob(deps, engine.intake) : null;
  // Seed tests read the seed mailboxes over IMAP until each message shows up or its time is up, with the worker role.
  const seedTests = roles.includes('worker') ? startSeedTestRunner(deps) : null;
  // IP reputation (DNSWL, Sender Score, blocklists, SNDS) into daily history, with the worker role.
  const reputation = roles.includes('worker') ? startReputationJob(deps) : null;
  // Migrations from other providers, page by page (features/migration), with the worker role.
  const migrations = roles.includes('worker') ? startMigrationJob(deps) : null;
  // The inbound MX (bounces and complaints to VERP addresses, mail for routes) runs with the smtp role; a route's
  // forwards go through this process's intake.
  const inbound = roles.includes('smtp')
    ? await (await import('./mail/inbound/inbound-role.ts')).startInboundRole(deps, engine.intake)
    : null;
  // Outbox consumers (statistics, webhooks, suppressions) and the webhook sender run with the worker role.
  const eventWorkers = roles.includes('worker') ? startEventWorkers(deps) : null;
  // With AMQP_URL, the events role applies the RabbitMQ event bus (docs/event-bus.md); without it, nothing.
  const eventBus = roles.includes('events') ? startEventBusConsumers(deps) : null;
  // /metrics on a port of its own, for processes whose roles serve no HTTP (METRICS_PORT).
  const metricsServer =
    config.metricsPort !== undefined
      ? await startMetricsServer(config.metricsPort, config.host, config.metricsToken)
      : null;

  // The operators' process list (system/mtas): this process, its roles and its delivery worker's load.
  const worker = engine.worker;
  const registration = await registerProcess({
    db,
    log,
    roles,
    load: () => ({
      inFlight: worker?.inFlightCount ?? 0,
      deliveredLastMinute: worker?.deliveredLastMinute ?? 0,
      openConnections: engine.openConnections(),
    }),
  });

  let stopped = false;
  return {
    deps,
    firstAdmin,
    app,
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await registration.stop();
      await app?.close();
      await inbound?.close();
      await systemMail?.stop();
      await seedTests?.stop();
      await reputation?.stop();
      await migrations?.stop();
      await engine.stop();
      await sandboxMx?.close();
      await eventWorkers?.stop();
      await eventBus?.stop();
      await metricsServer?.close();
      stopMetrics(db);
      if (!existing?.db) await db.close();
    },
  };
}
