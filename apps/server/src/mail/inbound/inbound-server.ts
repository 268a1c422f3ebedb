import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { type Intake, intakeFor } from '../intake/intake.service.ts';
import { parseVerpAddress } from '../mail-tokens.ts';
import { checkInboundAuth, mailauthResolver } from '../routing/inbound-auth.ts';
import { InboundRouter } from '../routing/inbound-router.ts';
import { type RoutedTarget, RoutingLoopError, TemporaryAuthError } from '../routing/routed-mail.ts';
import { listenSmtp, readStream, smtpError } from '../smtp/smtp-listener.ts';
import type { TlsMaterial } from '../smtp/tls-certificate.ts';
import { findVerpTarget } from './inbound.repo.ts';
import { handleInboundMessage, type InboundEnvelope } from './inbound.service.ts';

export interface InboundMx {
  port: number;
  close(): Promise<void>;
}

/** The recipients of this transaction, kept on the session by RCPT TO for DATA. */
const envelopeOf = (session: SMTPServerSession): InboundEnvelope => {
  const holder = session as SMTPServerSession & { inbound?: InboundEnvelope };
  holder.inbound ??= { targets: [], feedbackLoop: false, routed: [], sender: '', declaredSize: 0 };
  return holder.inbound;
};

/**
 * The inbound MX (INBOUND_SMTP_PORT; 25 in production): where the world returns bounces (RFC 3464 DSNs and the
 * non-standard ones), feedback reports (RFC 5965) and automatic replies (RFC 3834) for the VERP return paths of our
 * messages. No authentication: it accepts only signed VERP addresses at the return-path host of the recipient's own
 * domain, the feedback-loop mailbox fbl@INBOUND_MX_HOST, and addresses of a verified domain that an enabled inbound
 * route takes (routing/: a reject-mode route answers 550 at RCPT). Anything else is 550 at RCPT, so it relays nothing.
 * It answers 250 only once the resulting events and routed messages are committed (451 otherwise, so the sender
 * retries).
 */
export async function startInboundMx(options: {
  config: Config;
  log: Logger;
  db: Db;
  secret: Buffer;
  tls?: TlsMaterial;
  /** Where a route's forwards and bounces are submitted; the program's one Intake by default. */
  intake?: Intake;
}): Promise<InboundMx> {
  const { config, log, db, secret } = options;
  const router = new InboundRouter({
    db,
    log,
    secret,
    reportingMta: config.mailHostname,
    inboundMxHost: config.inboundMxHost,
    intake: async () => options.intake ?? intakeFor({ config, log, db }),
  });
  const resolver = mailauthResolver(config.dnsServers, config.dnsTimeoutMs);
  const sizeLimit = (target: RoutedTarget) => target.domain.policy.maxSize ?? config.inboundMaxSize;
  // Feedback loops (e.g. Yahoo CFL, Microsoft JMRP) are registered with one fixed address rather than per message.
  const feedbackLoopAddresses = new Set([`fbl@${config.inboundMxHost}`, `fbl@${config.mailHostname}`]);
  const server = new SMTPServer({
    name: config.mailHostname,
    banner: 'Mailwright inbound ESMTP',
    size: config.inboundMaxSize,
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    logger: false,
    onMailFrom(address, session, callback) {
      // Bounces come from the null sender (RFC 5321 4.5.5). A new transaction has its own recipients.
      const envelope = envelopeOf(session);
      envelope.targets = [];
      envelope.feedbackLoop = false;
      envelope.routed = [];
      envelope.sender = address.address ?? '';
      // RFC 1870: the size the client declared, so a recipient whose domain takes less is refused at RCPT already.
      envelope.declaredSize = Number(address.args ? address.args.SIZE : 0) || 0;
      callback();
    },
    onRcptTo(address, session, callback) {
      if (feedbackLoopAddresses.has(address.address.toLowerCase())) {
        envelopeOf(session).feedbackLoop = true;
        return callback();
      }
      const recipientId = parseVerpAddress(secret, address.address);
      const host = address.address.slice(address.address.lastIndexOf('@') + 1);
      if (recipientId === null) {
        router
          .judge(address.address)
          .then((judged) => {
            if (!judged || judged.verdict === 'no_match')
              return callback(smtpError(550, '5.1.1 No such recipient here'));
            if (judged.verdict === 'reject') return callback(smtpError(550, '5.7.1 Mail to this address is refused'));
            const limit = sizeLimit(judged.target);
            if (envelopeOf(session).declaredSize > limit) {
              return callback(smtpError(552, `5.3.4 Message exceeds the size limit of ${limit} bytes`));
            }
            envelopeOf(session).routed.push(judged.target);
            callback();
          })
          .catch((error: unknown) => {
            log.error({ err: error }, 'inbound route lookup failed');
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          });
        return;
      }
      findVerpTarget(db, recipientId, host)
        .then((target) => {
          if (!target) return callback(smtpError(550, '5.1.1 No such recipient here'));
          envelopeOf(session).targets.push(target);
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'inbound recipient lookup failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
    onData(stream, session, callback) {
      readStream(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) {
            return callback(smtpError(552, `5.3.4 Message exceeds the size limit of ${config.inboundMaxSize} bytes`));
          }
          const envelope = envelopeOf(session);
          // A receiving domain's own limit, below INBOUND_MAX_SIZE (EHLO advertises that one: RCPT comes after it).
          const limit = Math.min(config.inboundMaxSize, ...envelope.routed.map(sizeLimit));
          if (raw.length > limit)
            return callback(smtpError(552, `5.3.4 Message exceeds the size limit of ${limit} bytes`));
          const reports = envelope.targets.length > 0 || envelope.feedbackLoop;
          if (reports) await handleInboundMessage(db, log, secret, raw, envelope);
          if (envelope.routed.length) {
            const client = { helo: session.hostNameAppearsAs ?? '', ip: session.remoteAddress ?? '' };
            // A bounce to one of our SRS addresses is not judged: only route recipients have a policy.
            const auth = envelope.routed.some((t) => !t.returnTo)
              ? await checkInboundAuth(raw, { ...client, sender: envelope.sender, mta: config.mailHostname, resolver })
              : null;
            const routed = await router.deliver({
              raw,
              auth,
              sender: envelope.sender,
              targets: envelope.routed,
              client,
            });
            // Every recipient refused after DATA: the one answer DATA has (RFC 5321 3.3) is a refusal.
            if (routed.reply && !reports) return callback(smtpError(550, routed.reply));
            return callback(null, '2.0.0 Ok: queued');
          }
          callback(null, '2.0.0 Ok: report received');
        })
        .catch((error: unknown) => {
          if (error instanceof RoutingLoopError) return callback(smtpError(554, `5.4.6 ${error.message}`));
          if (error instanceof TemporaryAuthError) return callback(smtpError(451, error.message));
          log.error({ err: error }, 'inbound message failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
  });
  return listenSmtp(server, config.inboundSmtpPort, config.inboundSmtpHost, log, 'inbound MX');
}
