import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Intake } from '../intake/intake.service.ts';
import { IntakeError } from '../intake/intake-error.ts';
import { isValidMailbox, normalizeMailbox } from '../message/addresses.ts';
import { listenSmtp, readStream, smtpError } from './smtp-listener.ts';
import type { TlsMaterial } from './tls-certificate.ts';

/** Who an SMTP login is (what the credentials feature answers for a valid login and password). */
export interface SmtpIdentity {
  customerId: number;
  domainId: number;
  domainName: string;
  credentialId: number;
}

export type SmtpAuthenticator = (login: string, password: string) => Promise<SmtpIdentity | null>;

export interface SubmissionServer {
  port: number;
  close(): Promise<void>;
}

const identityOf = (session: SMTPServerSession) => session.user as SmtpIdentity | undefined;

/**
 * The SMTP submission listener (RFC 6409 style, on SMTP_PORT): STARTTLS, AUTH PLAIN/LOGIN against SMTP users, no
 * relaying without authentication, a size limit, and every message handed to intake before the final 250.
 */
export async function startSubmissionServer(options: {
  config: Config;
  log: Logger;
  intake: Intake;
  tls: TlsMaterial;
  authenticate: SmtpAuthenticator;
}): Promise<SubmissionServer> {
  const { config, log, intake, authenticate } = options;
  const server = new SMTPServer({
    name: config.mailHostname,
    banner: 'Mailwright ESMTP',
    key: options.tls.key,
    cert: options.tls.cert,
    size: config.smtpMaxSize,
    authMethods: ['PLAIN', 'LOGIN'],
    // RFC 4954 section 4: no credentials over a plaintext channel unless the operator explicitly allows it.
    allowInsecureAuth: config.smtpAllowInsecureAuth,
    authRequiredMessage: '5.7.0 Authentication required',
    disabledCommands: [],
    logger: false,
    onAuth(auth, _session, callback) {
      authenticate(auth.username ?? '', auth.password ?? '')
        .then((identity) => {
          if (!identity) return callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
          callback(null, { user: identity });
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'smtp authentication failed');
          callback(smtpError(454, '4.7.0 Temporary authentication failure'));
        });
    },
    onMailFrom(_address, session, callback) {
      // smtp-server already refuses MAIL FROM before AUTH (authOptional is false): that is the no-relaying rule.
      if (!identityOf(session)) return callback(smtpError(530, '5.7.0 Authentication required'));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (!isValidMailbox(normalizeMailbox(address.address))) {
        return callback(smtpError(553, '5.1.3 Bad recipient address syntax'));
      }
      callback();
    },
    onData(stream, session, callback) {
      readStream(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) {
            return callback(smtpError(552, `5.3.4 Message exceeds the size limit of ${config.smtpMaxSize} bytes`));
          }
          const identity = identityOf(session);
          if (!identity) return callback(smtpError(530, '5.7.0 Authentication required'));
          const result = await intake.accept({
            source: 'smtp',
            customerId: identity.customerId,
            domainId: identity.domainId,
            domainName: null,
            raw,
            recipients: session.envelope.rcptTo.map((r) => r.address),
          });
          callback(null, `2.0.0 Ok: queued as <${result.messageIdHeader}>`);
        })
        .catch((error: unknown) => {
          if (error instanceof IntakeError)
            return callback(smtpError(error.smtpCode, `${error.enhanced} ${error.message}`));
          log.error({ err: error }, 'smtp submission failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
  });
  return listenSmtp(server, config.smtpPort, config.smtpHost, log, 'smtp submission');
}
