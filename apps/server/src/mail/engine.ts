import type { Deps } from '../deps.ts';
import { authenticateSmtpUser } from '../features/credentials/smtp-auth.ts';
import { cachedPatternRules } from '../features/patterns/patterns.service.ts';
import type { PeriodicJob } from '../jobs/periodic.ts';
import { startSystemMailJob } from '../jobs/system-mail.job.ts';
import { backoffOptionsFrom, DestinationBackoff } from './backoff/destination-backoff.ts';
import { DEFAULT_CATEGORY_RULES } from './classify/default-rules.ts';
import { DeliveryWorker } from './delivery/delivery-worker.ts';
import { MxResolver } from './delivery/mx-resolver.ts';
import { SmtpClientPool } from './delivery/smtp-client-pool.ts';
import { type Intake, intakeFor } from './intake/intake.service.ts';
import { loadMailSecret } from './mail-tokens.ts';
import { type SubmissionServer, startSubmissionServer } from './smtp/submission-server.ts';
import { loadTlsMaterial } from './smtp/tls-certificate.ts';

/** The running mail engine of this process: intake always, the SMTP listener and delivery by role. */
export interface MailEngine {
  intake: Intake;
  submission: SubmissionServer | null;
  worker: DeliveryWorker | null;
  stop(): Promise<void>;
}

/**
 * Starts the engine pieces a process runs: intake is always there (the API role's send endpoints use it), the
 * submission listener with the `smtp` role, the delivery worker and the system-mail job with the `worker` role.
 */
export async function startMailEngine(deps: Deps, roles: { smtp: boolean; worker: boolean }): Promise<MailEngine> {
  const { config, log, db } = deps;
  const secret = await loadMailSecret(db);
  const intake = await intakeFor(deps);

  let submission: SubmissionServer | null = null;
  if (roles.smtp) {
    const tls = await loadTlsMaterial({
      certPath: config.smtpTlsCert,
      keyPath: config.smtpTlsKey,
      dataDir: config.dataDir,
      hostname: config.mailHostname,
    });
    if (tls.generated) log.info('smtp STARTTLS uses a self-signed certificate (set SMTP_TLS_CERT/SMTP_TLS_KEY)');
    submission = await startSubmissionServer({
      config,
      log,
      intake,
      tls,
      authenticate: (login, password) => authenticateSmtpUser(db, login, password),
    });
  }

  let worker: DeliveryWorker | null = null;
  let pool: SmtpClientPool | null = null;
  let systemMail: PeriodicJob | null = null;
  if (roles.worker) {
    pool = new SmtpClientPool({
      heloName: config.mailHostname,
      port: config.outboundSmtpPort,
      perHostLimit: config.deliveryConcurrency,
    });
    const mx = new MxResolver({
      servers: config.dnsServers,
      timeoutMs: config.dnsTimeoutMs,
      cacheSeconds: config.mxCacheSeconds,
    });
    const backoff = new DestinationBackoff(db, log, backoffOptionsFrom(config));
    const categoryRules = async () =>
      (await cachedPatternRules(db).catch(() => undefined))?.category ?? DEFAULT_CATEGORY_RULES;
    worker = new DeliveryWorker(deps, {
      mx,
      pool,
      secret,
      retryScheduleSeconds: config.retryScheduleSeconds,
      backoff,
      categoryRules,
    });
    const running = worker;
    intake.onStored(() => running.wake());
    worker.start();
    systemMail = startSystemMailJob(deps, intake);
    log.info({ outboundPort: config.outboundSmtpPort, perHost: config.deliveryConcurrency }, 'delivery worker started');
  }

  return {
    intake,
    submission,
    worker,
    async stop() {
      await submission?.close();
      await systemMail?.stop();
      await intake.drain();
      await worker?.stop();
      await pool?.close();
    },
  };
}
