import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import type { MxTarget } from '../delivery/mx-resolver.ts';
import { parseVerpAddress } from '../mail-tokens.ts';
import { parseAddressList } from '../message/addresses.ts';
import { decodeEncodedWords, headerValue, splitMessage } from '../message/headers.ts';
import { listenSmtp, readStream, smtpError } from '../smtp/smtp-listener.ts';
import { verifySandboxMessage } from './sandbox-auth.ts';
import {
  findMessageOfRecipient,
  findSandboxByBounceHost,
  insertSandboxMessage,
  type SandboxSender,
} from './sandbox-mx.repo.ts';

/** The catch-all MX's own host name: a reserved `.test` name (RFC 6761 6.2), never a real host. */
export const SANDBOX_MX_HOST = 'catch-all.sandbox.mailwright.test';
/** Loopback only: the catch-all is reached by the delivery worker of this machine, never from outside. */
const LOOPBACK = '127.0.0.1';

export interface SandboxMx {
  /** Where the delivery worker sends sandbox mail (the hook in delivery/deliver.ts). */
  target: MxTarget;
  close(): Promise<void>;
}

const senderOf = (session: SMTPServerSession) => (session as SMTPServerSession & { sandbox?: SandboxSender }).sandbox;

/**
 * The built-in catch-all MX (smtp-server on a loopback port, SANDBOX_MX_PORT): the only place a sandbox domain's
 * mail is ever delivered, whatever its recipients. It accepts any recipient but only mail whose envelope sender is
 * the VERP return path of a sandbox domain (anything else is 550 at MAIL FROM, so it relays and keeps nothing else),
 * verifies DKIM, SPF and DMARC with mailauth and keeps the message for the customer's Sandbox inbox. 250 comes only
 * after the message is stored, so a failure is a 451 the worker retries.
 */
export async function startSandboxMx(options: {
  db: Db;
  log: Logger;
  secret: Buffer;
  port: number;
  maxSize: number;
}): Promise<SandboxMx> {
  const { db, log, secret } = options;
  const server = new SMTPServer({
    name: SANDBOX_MX_HOST,
    banner: 'Mailwright sandbox catch-all ESMTP',
    size: options.maxSize,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onMailFrom(address, session, callback) {
      const host = address.address.slice(address.address.lastIndexOf('@') + 1);
      findSandboxByBounceHost(db, host)
        .then((sender) => {
          if (!sender) return callback(smtpError(550, '5.7.1 This catch-all takes only sandbox mail'));
          Object.assign(session, { sandbox: sender });
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'sandbox sender lookup failed');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
    onData(stream, session, callback) {
      readStream(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) {
            return callback(smtpError(552, `5.3.4 Message exceeds the size limit of ${options.maxSize} bytes`));
          }
          await keepMessage(db, secret, raw, session);
          callback(null, '2.0.0 Ok: kept in the sandbox inbox');
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'sandbox message could not be kept');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        });
    },
  });
  const listener = await listenSmtp(server, options.port, LOOPBACK, log, 'sandbox catch-all MX');
  return { target: { host: SANDBOX_MX_HOST, ip: LOOPBACK, priority: 0, port: listener.port }, close: listener.close };
}

async function keepMessage(db: Db, secret: Buffer, raw: Buffer, session: SMTPServerSession): Promise<void> {
  const sender = senderOf(session);
  if (!sender || !session.envelope.mailFrom) throw new Error('DATA without a sandbox sender');
  const mailFrom = session.envelope.mailFrom.address;
  const auth = await verifySandboxMessage(db, raw, {
    ip: session.remoteAddress,
    helo: session.hostNameAppearsAs,
    mailFrom,
    mta: SANDBOX_MX_HOST,
  });
  const recipientId = parseVerpAddress(secret, mailFrom);
  const { headers } = splitMessage(raw);
  const decoded = (name: string) => decodeEncodedWords(headerValue(headers, name) ?? '').slice(0, 998);
  await insertSandboxMessage(db, {
    customerId: sender.customerId,
    domainId: sender.domainId,
    messageId: recipientId === null ? null : await findMessageOfRecipient(db, recipientId),
    mailFrom,
    rcptTo: session.envelope.rcptTo.map((r) => r.address),
    fromHeader: parseAddressList(headerValue(headers, 'from'))[0]?.address ?? decoded('from'),
    toHeader: decoded('to'),
    subject: decoded('subject'),
    raw,
    auth,
  });
}
