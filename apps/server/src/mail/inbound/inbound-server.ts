import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { cachedPatternRules } from '../../features/patterns/patterns.service.ts';
import type { Logger } from '../../log.ts';
import { readInboundReport } from '../classify/inbound-report.ts';
import { parseVerpAddress } from '../mail-tokens.ts';
import type { TlsMaterial } from '../smtp/tls-certificate.ts';
import { findVerpTarget, recordInboundEvent, type VerpTarget } from './inbound.repo.ts';
import { inboundEventFor, type ReadReport } from './inbound-event.ts';

export interface InboundMx {
  port: number;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** The VERP recipients of this session, kept on the session by RCPT TO for DATA. */
const targetsOf = (session: SMTPServerSession) => {
  const holder = session as SMTPServerSession & { verpTargets?: VerpTarget[] };
  holder.verpTargets ??= [];
  return holder.verpTargets;
};

/**
 * The inbound MX (INBOUND_SMTP_PORT; 25 in production): where the world returns bounces (RFC 3464 DSNs and the
 * non-standard ones), feedback reports (RFC 5965) and automatic replies (RFC 3834) for the VERP return paths of our
 * messages. No authentication: it accepts only signed VERP addresses at the return-path host of the recipient's own
 * domain (anything else is 550 at RCPT, so it relays nothing), and answers 250 only once the resulting event is
 * committed (451 otherwise, so the sender retries).
 */
export async function startInboundMx(options: {
  config: Config;
  log: Logger;
  db: Db;
  secret: Buffer;
  tls?: TlsMaterial;
}): Promise<InboundMx> {
  const { config, log, db, secret } = options;
  const server = new SMTPServer({
    name: config.mailHostname,
    banner: 'Mailwright inbound ESMTP',
    size: config.inboundMaxSize,
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    logger: false,
    onMailFrom(_address, session, callback) {
      // Bounces come from the null sender (RFC 5321 4.5.5). A new transaction has its own recipients.
      targetsOf(session).length = 0;
      callback();
    },
    onRcptTo(address, session, callback) {
      const recipientId = parseVerpAddress(secret, address.address);
      const host = address.address.slice(address.address.lastIndexOf('@') + 1);
      if (recipientId === null) return callback(smtpError(550, '5.1.1 No such recipient here'));
      findVerpTarget(db, recipientId, host)
        .then((target) => {
          if (!target) return callback(smtpError(550, '5.1.1 No such recipient here'));
          targetsOf(session).push(target);
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
          const rules = await cachedPatternRules(db);
          const report = readInboundReport(raw, { dsn: rules.dsn, category: rules.category }) as ReadReport;
          for (const target of targetsOf(session)) {
            const outcome = inboundEventFor(report, target.recipient);
            if ('ignored' in outcome) {
              log.debug({ recipientId: target.recipientId, ignored: outcome.ignored }, 'inbound message ignored');
              continue;
            }
            const written = await recordInboundEvent(db, target, outcome.event);
            log.info(
              { recipientId: target.recipientId, event: outcome.event.event, written },
              'inbound report recorded',
            );
          }
          callback(null, '2.0.0 Ok: report received');
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'inbound message failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'inbound smtp server error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.inboundSmtpPort, config.inboundSmtpHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ port, host: config.inboundSmtpHost }, 'inbound MX listening');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function readStream(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    stream.on('data', (chunk: Buffer) => {
      // Past the limit the rest is drained but not kept; the size check answers 552 once the stream ends.
      if (!stream.sizeExceeded) {
        chunks.push(chunk);
        length += chunk.length;
      }
    });
    stream.on('end', () => resolve(Buffer.concat(chunks, length)));
    stream.on('error', reject);
  });
}
