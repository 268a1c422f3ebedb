import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it. */
export interface SinkMessage {
  mailFrom: string;
  /** What MAIL FROM declared besides the address: SMTPUTF8 (RFC 6531), BODY=8BITMIME (RFC 6152). */
  smtputf8: boolean;
  body: '7bit' | '8bitmime';
  rcptTo: string[];
  raw: Buffer;
  tls: boolean;
  receivedAt: Date;
  /** The client's source address and EHLO name: which sending IP a message came from (issue 16, IP pools). */
  remoteAddress: string;
  heloName: string;
}

/** A scripted reply: `451 4.2.0 Try later`. The code decides; the text is sent as written. */
export type SinkReply = string;

export interface MxSink {
  port: number;
  readonly messages: SinkMessage[];
  /**
   * Replies for a recipient, one per attempt, at RCPT TO (or after DATA with stage 'data'); once the list is used up
   * the sink accepts. E.g. script('a@x.test', ['451 4.2.0 Busy']) defers the first attempt and takes the second.
   */
  script(recipient: string, replies: SinkReply[], stage?: 'rcpt' | 'data'): void;
  /** Refuse every recipient with this reply (e.g. '550 5.1.1 No such user'). */
  rejectAll(reply: SinkReply | null): void;
  /** How many times each recipient was tried (RCPT TO seen). */
  attempts(recipient: string): number;
  /** How many SMTP connections were opened to the sink so far. */
  connections(): number;
  /** The most SMTP sessions it had open at once (a shared per-destination limit must keep this down). */
  maxConcurrent(): number;
  /** Messages delivered to a recipient. */
  receivedBy(recipient: string): SinkMessage[];
  waitFor(count: number, timeoutMs?: number): Promise<SinkMessage[]>;
  reset(): void;
  stop(): Promise<void>;
}

let certificate: { key: Buffer; cert: Buffer } | null = null;

/** A self-signed certificate, made once per test process, so the sink offers STARTTLS like a real MX. */
function sinkCertificate(): { key: Buffer; cert: Buffer } {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'mx-sink-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=mx.sink.test',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  certificate = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  rmSync(dir, { recursive: true, force: true });
  return certificate;
}

const replyError = (reply: SinkReply) => {
  const code = Number(reply.slice(0, 3));
  return Object.assign(new Error(reply.slice(4)), { responseCode: code });
};

/** A local MX on 127.0.0.1 (smtp-server) that records what it receives and answers as scripted. */
export async function startMxSink(
  options: {
    tls?: boolean;
    port?: number;
    /** Wait this long before answering DATA, like a busy MX. */
    delayMs?: number;
    /** false: do not keep messages (long benchmarks); onMessage still sees each one. */
    keep?: boolean;
    onMessage?: (message: SinkMessage) => void;
    /** Listen on another loopback address (the engine sends every destination to one port). */
    host?: string;
    /** false: an MX that does not offer SMTPUTF8 (RFC 6531) / 8BITMIME (RFC 6152) in its EHLO reply. */
    smtputf8?: boolean;
    eightBitMime?: boolean;
  } = {},
): Promise<MxSink> {
  const messages: SinkMessage[] = [];
  const scripts = new Map<string, { replies: SinkReply[]; stage: 'rcpt' | 'data' }>();
  const tries = new Map<string, number>();
  let rejectEveryone: SinkReply | null = null;
  let connectionCount = 0;
  let openSessions = 0;
  let peakSessions = 0;
  let waiters: { count: number; resolve: () => void }[] = [];
  const key = (address: string) => address.toLowerCase();

  const nextScripted = (recipient: string, stage: 'rcpt' | 'data'): SinkReply | undefined => {
    const script = scripts.get(key(recipient));
    if (!script || script.stage !== stage) return undefined;
    return script.replies.shift();
  };

  const tls = options.tls !== false ? sinkCertificate() : null;
  const server = new SMTPServer({
    name: 'mx.sink.test',
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    logger: false,
    size: 50 * 1024 * 1024,
    hideSMTPUTF8: options.smtputf8 === false,
    hide8BITMIME: options.eightBitMime === false,
    onConnect(_session, callback) {
      connectionCount++;
      peakSessions = Math.max(peakSessions, ++openSessions);
      callback();
    },
    onClose() {
      openSessions--;
    },
    onRcptTo(address, _session, callback) {
      tries.set(key(address.address), (tries.get(key(address.address)) ?? 0) + 1);
      const reply = rejectEveryone ?? nextScripted(address.address, 'rcpt');
      if (reply && !reply.startsWith('2')) return callback(replyError(reply));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        const rcptTo = session.envelope.rcptTo.map((r) => r.address);
        const refusal = rcptTo.map((r) => nextScripted(r, 'data')).find((reply) => reply && !reply.startsWith('2'));
        if (refusal) return callback(replyError(refusal));
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const { smtpUtf8, bodyType } = session.envelope as { smtpUtf8?: boolean; bodyType?: string };
        const message = {
          mailFrom,
          smtputf8: smtpUtf8 === true,
          body: bodyType === '8bitmime' ? ('8bitmime' as const) : ('7bit' as const),
          rcptTo,
          raw: Buffer.concat(chunks),
          tls: session.secure,
          receivedAt: new Date(),
          remoteAddress: session.remoteAddress,
          heloName: session.hostNameAppearsAs,
        };
        if (options.keep !== false) messages.push(message);
        options.onMessage?.(message);
        waiters = waiters.filter((w) => {
          if (messages.length < w.count) return true;
          w.resolve();
          return false;
        });
        callback(null, `2.0.0 Ok: queued as sink-${messages.length}`);
      });
    },
  });
  server.on('error', () => undefined); // a client that drops the connection is not a test failure
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    messages,
    script(recipient, replies, stage = 'rcpt') {
      scripts.set(key(recipient), { replies: [...replies], stage });
    },
    rejectAll(reply) {
      rejectEveryone = reply;
    },
    attempts: (recipient) => tries.get(key(recipient)) ?? 0,
    connections: () => connectionCount,
    maxConcurrent: () => peakSessions,
    receivedBy: (recipient) => messages.filter((m) => m.rcptTo.some((r) => key(r) === key(recipient))),
    waitFor(count, timeoutMs = 20_000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`mx sink: expected ${count} messages, got ${messages.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(messages);
          },
        });
      });
    },
    reset() {
      messages.length = 0;
      scripts.clear();
      tries.clear();
      rejectEveryone = null;
      connectionCount = 0;
      peakSessions = openSessions;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
