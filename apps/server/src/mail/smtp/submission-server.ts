import type { SMTPServerSession } from 'smtp-server';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { type Intake, MAX_RECIPIENTS } from '../intake/intake.service.ts';
import { badField, IntakeError } from '../intake/intake-error.ts';
import { isValidMailbox, normalizeMailbox } from '../message/addresses.ts';
import { takeMailgunControls } from '../message/mailgun-controls.ts';
import { applySmtpTemplate } from '../templates/smtp-template.ts';
import { listenSmtp, readStream, smtpError } from './smtp-listener.ts';
import { SubmissionSmtpServer } from './submission-connection.ts';
import type { TlsMaterial } from './tls-certificate.ts';

/** Who an SMTP login is (what the credentials feature answers for a valid login and password). */
export interface SmtpIdentity {
  customerId: number;
  domainId: number;
  domainName: string;
  credentialId: number;
}

export type SmtpAuthenticator = (login: string, password: string) => Promise<SmtpIdentity | null>;

/** An SMTP refusal: the reply code and its text, which starts with the RFC 3463 enhanced code. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

/**
 * Brute-force defence for the listener, handed in (limits and auto-bans are kept in the database, shared by every
 * process): a banned client address is refused when it connects; an AUTH attempt is counted before the password is
 * checked and refused when its login or address is over the limit or banned, else settled once checked.
 */
export interface SmtpClientGuard {
  checkClient(ip: string): Promise<SmtpRefusal | null>;
  countAuth(login: string, ip: string): Promise<SmtpRefusal | ((ok: boolean) => Promise<void>)>;
}

export interface SubmissionServer {
  port: number;
  close(): Promise<void>;
}

const identityOf = (session: SMTPServerSession) => session.user as SmtpIdentity | undefined;

/**
 * The SMTP submission listener (RFC 6409 style, on SMTP_PORT): STARTTLS, AUTH PLAIN/LOGIN against SMTP users (offered
 * only once the channel is encrypted, unless the operator allows plaintext AUTH), no relaying without authentication,
 * a size limit, RFC 3463 enhanced status codes on every refusal, Mailgun's X-Mailgun-Tag / X-Mailgun-Variables
 * honoured and removed, and every message handed to intake before the final 250.
 */
export async function startSubmissionServer(options: {
  config: Config;
  log: Logger;
  /** Templates are read from it (X-Mailwright-Template). */
  db: Db;
  intake: Intake;
  tls: TlsMaterial;
  authenticate: SmtpAuthenticator;
  guard: SmtpClientGuard;
}): Promise<SubmissionServer> {
  const { config, log, intake, authenticate, guard } = options;
  const server = new SubmissionSmtpServer({
    name: config.mailHostname,
    banner: 'Mailwright ESMTP',
    key: options.tls.key,
    cert: options.tls.cert,
    size: config.smtpMaxSize,
    // RFC 5321 4.5.3.1.10: past the limit, RCPT TO answers 452 4.5.3 and the client sends the rest in another message.
    maxRecipients: MAX_RECIPIENTS,
    authMethods: ['PLAIN', 'LOGIN'],
    // RFC 4954 section 4: no credentials over a plaintext channel unless the operator explicitly allows it.
    allowInsecureAuth: config.smtpAllowInsecureAuth,
    authRequiredMessage: '5.7.0 Authentication required',
    disabledCommands: [],
    logger: false,
    onConnect(session, callback) {
      // Fails closed: when the ban cannot be checked, the client is asked to come back (421, RFC 5321 3.8).
      guard
        .checkClient(session.remoteAddress)
        .then((refusal) => callback(refusal ? smtpError(refusal.code, refusal.message) : undefined))
        .catch((error: unknown) => {
          log.error({ err: error }, 'smtp client check failed');
          callback(smtpError(421, '4.3.0 Temporary failure, try again later'));
        });
    },
    onAuth(auth, session, callback) {
      const login = auth.username ?? '';
      guard
        .countAuth(login, session.remoteAddress)
        .then(async (counted) => {
          if (typeof counted !== 'function') return callback(smtpError(counted.code, counted.message));
          const identity = await authenticate(login, auth.password ?? '');
          await counted(identity !== null);
          if (!identity) return callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
          callback(null, { user: identity });
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'smtp authentication failed');
          callback(smtpError(454, '4.7.0 Temporary authentication failure'));
        });
    },
    onMailFrom(address, session, callback) {
      // smtp-server already refuses MAIL FROM before AUTH (authOptional is false): that is the no-relaying rule.
      if (!identityOf(session)) return callback(smtpError(530, '5.7.0 Authentication required'));
      // The null reverse-path (RFC 5321 4.5.5) is allowed; anything else is a mailbox by the one address grammar.
      if (address.address && !isValidMailbox(normalizeMailbox(address.address))) {
        return callback(smtpError(501, '5.1.7 Bad sender address syntax'));
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      // RFC 5321 4.2.3: 501 for a syntax error in an argument; RFC 3463: 5.1.3 bad destination mailbox syntax.
      if (!isValidMailbox(normalizeMailbox(address.address))) {
        return callback(smtpError(501, '5.1.3 Bad recipient address syntax'));
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
          const controls = takeMailgunControls(raw);
          if (!controls.ok) throw badField(controls.field, controls.error);
          // X-Mailwright-Template (issue 13): the body is rendered from the template before intake signs it.
          const templated = await applySmtpTemplate(options.db, controls.raw, identity.customerId);
          if (!templated.ok) throw badField(templated.field, templated.error);
          const result = await intake.accept({
            source: 'smtp',
            ...transportOf(session),
            customerId: identity.customerId,
            domainId: identity.domainId,
            domainName: null,
            raw: templated.raw,
            template: templated.template,
            recipients: session.envelope.rcptTo.map((r) => r.address),
            tags: controls.tags,
            variables: controls.variables,
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

/**
 * What the client declared in MAIL FROM (SMTPUTF8, RFC 6531; BODY=8BITMIME, RFC 6152), passed on to the next hop,
 * and who it is for the Received: field: its EHLO name, IP and the protocol (RFC 3848; UTF8SMTP… with SMTPUTF8).
 */
function transportOf(session: SMTPServerSession) {
  const envelope = session.envelope as typeof session.envelope & { smtpUtf8?: boolean; bodyType?: string };
  const smtputf8 = envelope.smtpUtf8 === true;
  const protocol = session.transmissionType || 'ESMTP';
  return {
    declared: { smtputf8, eightBitMime: envelope.bodyType === '8bitmime' },
    trace: {
      helo: session.hostNameAppearsAs || session.clientHostname || '',
      ip: session.remoteAddress,
      protocol: smtputf8 ? protocol.replace(/^E?SMTP/, 'UTF8SMTP') : protocol,
    },
  };
}
