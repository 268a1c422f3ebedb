import type { Deps } from '../deps.ts';
import { backoffOptionsFrom, DestinationBackoff } from './backoff/destination-backoff.ts';
import { DEFAULT_CATEGORY_RULES } from './classify/default-rules.ts';
import { cachedPatternRules } from './classify/pattern-rules.repo.ts';
import { DeliveryWorker } from './delivery/delivery-worker.ts';
import { MxResolver, type MxTarget } from './delivery/mx-resolver.ts';
import { SmtpClientPool } from './delivery/smtp-client-pool.ts';
import { type Intake, intakeFor } from './intake/intake.service.ts';
import { SendingDomains } from './intake/sending-domain.ts';
import { loadMailSecret } from './mail-tokens.ts';
import {
  type SmtpAuthenticator,
  type SmtpClientGuard,
  type SubmissionServer,
  startSubmissionServer,
} from './smtp/submission-server.ts';
import { loadTlsMaterial } from './smtp/tls-certificate.ts';

/** The running mail engine of this process: intake always, the SMTP listener and delivery by role. */
export interface MailEngine {
  intake: Intake;
  submission: SubmissionServer | null;
  worker: DeliveryWorker | null;
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
    async stop() {
      await submission?.close();
      await intake.drain();
      await worker?.stop();
      await pool?.close();
    },
  };
}
