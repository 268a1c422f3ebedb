import type { Deps } from '../deps.ts';
import { backoffOptionsFrom, DestinationBackoff } from './backoff/destination-backoff.ts';
import { DEFAULT_CATEGORY_RULES } from './classify/default-rules.ts';
import { cachedPatternRules } from './classify/pattern-rules.repo.ts';
import { DeliveryWorker } from './delivery/delivery-worker.ts';
import { DestinationLimits } from './delivery/destination-limits.ts';
import { SourcePicker } from './delivery/ip-pools.ts';
import { MxResolver, type MxTarget } from './delivery/mx-resolver.ts';
import { SmtpClientPool } from './delivery/smtp-client-pool.ts';
import { type Intake, intakeFor } from './intake/intake.service.ts';
import { SendingDomains } from './intake/sending-domain.ts';
import { loadMailSecret } from './mail-tokens.ts';
import type { SmtpAuthenticator, SmtpClientGuard, SubmissionServer } from './smtp/submission-server.ts';
import { loadTlsMaterial } from './smtp/tls-certificate.ts';

/** The running mail engine of this process: intake always, the SMTP listener and delivery by role. */
export interface MailEngine {
  intake: Intake;
  submission: SubmissionServer | null;
  worker: DeliveryWorker | null;
  /** Outbound SMTP connections the delivery worker holds open (the process list shows them). */
  openConnections(): number;
  stop(): Promise<void>;
}

/**
 * The deps plus what the composition (engine-deps.ts) hands the engine: who an SMTP login is, and the SMTP AUTH
 * limits and auto-bans (product policy, kept outside the engine). The smtp role does not start without them.
 */
export type EngineDeps = Deps & { smtpAuth?: SmtpAuthenticator; smtpGuard?: SmtpClientGuard };

/**
 * Starts the engine pieces a process runs: intake is always there (the API role's send endpoints use it), the
 * submission listener with the `smtp` role, the delivery worker with the `worker` role (the composition starts the
 * system-mail job beside it, on this intake).
 */
export async function startMailEngine(
  deps: EngineDeps,
  roles: { smtp: boolean; worker: boolean; sandboxMx?: MxTarget },
): Promise<MailEngine> {
  const { config, log, db } = deps;
  const secret = await loadMailSecret(db);
  const intake = await intakeFor(deps);

  let submission: SubmissionServer | null = null;
  if (roles.smtp) {
    const { smtpAuth: authenticate, smtpGuard: guard } = deps;
    if (!authenticate || !guard) throw new Error('The smtp role needs SMTP AUTH and its guard (limits and auto-bans)');
    const tls = await loadTlsMaterial({
      certPath: config.smtpTlsCert,
      keyPath: config.smtpTlsKey,
      dataDir: config.dataDir,
      hostname: config.mailHostname,
    });
    if (tls.generated) log.info('smtp STARTTLS uses a self-signed certificate (set SMTP_TLS_CERT/SMTP_TLS_KEY)');
    // Loaded with the role: smtp-server stays out of a worker's memory.
    const { startSubmissionServer } = await import('./smtp/submission-server.ts');
    submission = await startSubmissionServer({
      config,
      log,
      db,
      intake,
      tls,
      authenticate,
      guard,
    });
  }

  let worker: DeliveryWorker | null = null;
  let pool: SmtpClientPool | null = null;
  let limits: DestinationLimits | null = null;
  let backoffLimits: DestinationLimits | null = null;
  if (roles.worker) {
    // DELIVERY_CONCURRENCY counts the connections to an MX host of every worker process together (issue 17).
    limits = new DestinationLimits(db, log, { limit: config.deliveryConcurrency });
    limits.start();
    pool = new SmtpClientPool({
      heloName: config.mailHostname,
      port: config.outboundSmtpPort,
      perHostLimit: config.deliveryConcurrency,
      limits,
    });
    const mx = new MxResolver({
      servers: config.dnsServers,
      timeoutMs: config.dnsTimeoutMs,
      cacheSeconds: config.mxCacheSeconds,
    });
    // BACKOFF_CONCURRENCY too counts every worker process together.
    backoffLimits = new DestinationLimits(db, log, { limit: config.backoffConcurrency });
    backoffLimits.start();
    const backoff = new DestinationBackoff(db, log, { ...backoffOptionsFrom(config), shared: backoffLimits });
    const categoryRules = async () =>
      (await cachedPatternRules(db).catch(() => undefined))?.category ?? DEFAULT_CATEGORY_RULES;
    const domains = new SendingDomains(db, config.publicUrl);
    const signingKey = async (customerId: number, domainId: number) => {
      const domain = await domains.byId(customerId, domainId);
      return domain && { domain: domain.name, selector: domain.dkimSelector, privateKeyPem: domain.dkimPrivateKey };
    };
    worker = new DeliveryWorker(deps, {
      mx,
      pool,
      secret,
      signingKey,
      // Each recipient goes out from an address of its domain's IP pool, within the warm-up caps (issue 16).
      sources: new SourcePicker(db),
      retryScheduleSeconds: config.retryScheduleSeconds,
      backoff,
      categoryRules,
      ...(roles.sandboxMx ? { sandboxMx: roles.sandboxMx } : {}),
    });
    const running = worker;
    intake.onStored(() => running.wake());
    worker.start();
    log.info({ outboundPort: config.outboundSmtpPort, perHost: config.deliveryConcurrency }, 'delivery worker started');
  }

  return {
    intake,
    submission,
    worker,
    openConnections: () => pool?.openConnections ?? 0,
    async stop() {
      await submission?.close();
      await intake.drain();
      await worker?.stop();
      await pool?.close();
      await limits?.stop();
      await backoffLimits?.stop();
    },
  };
}
