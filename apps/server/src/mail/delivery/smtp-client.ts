import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { SmtpStage } from '../classify/smtp-stage.ts';
import { dataChunks } from './smtp-data.ts';
import { NON_ASCII, SmtpReplies, type SmtpReply } from './smtp-replies.ts';

export type { SmtpReply } from './smtp-replies.ts';
export type WireFailure = 'connect' | 'greeting' | 'tls' | 'socket';

/** The connection failed without a reply to go by: refused, timed out, TLS handshake failed, closed or reset. */
export class SmtpWireError extends Error {
  readonly kind: WireFailure;
  /** Set by send(): the transaction broke before any reply to it, so the server cannot have taken the message. */
  unanswered = false;
  constructor(kind: WireFailure, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** The server would not open a session: its greeting or its answer to EHLO/HELO was not a yes. */
export class SmtpRefusal extends Error {
  readonly reply: SmtpReply;
  readonly stage: SmtpStage;
  readonly tls: boolean;
  constructor(reply: SmtpReply, stage: SmtpStage, tls: boolean) {
    super(reply.text);
    this.reply = reply;
    this.stage = stage;
    this.tls = tls;
  }
}

export interface SmtpClientOptions {
  /** The MX host name: the TLS server name. */
  host: string;
  ip: string;
  port: number;
  heloName: string;
  /** The local address to connect from (a sending IP of a pool); none: the system chooses. */
  localAddress?: string;
  /** Inactivity allowed once the session is open. */
  socketTimeoutMs: number;
  connectTimeoutMs?: number;
  greetingTimeoutMs?: number;
}

/** A transaction's end: 2xx delivered, otherwise refused at `stage`; `needsReset` when RSET must clear the envelope. */
export interface SmtpResult {
  reply: SmtpReply;
  stage?: SmtpStage;
  needsReset?: boolean;
  /** Our own refusal: nothing of the transaction was sent (the session is as it was). */
  local?: boolean;
}

/** How a message must travel: what the submitting client declared in MAIL FROM, or what its content needs. */
export interface Transport {
  /** UTF-8 in addresses or header fields, or SMTPUTF8 declared (RFC 6531). */
  smtputf8?: boolean;
  /** BODY=8BITMIME declared (RFC 6152). */
  eightBitMime?: boolean;
}

// Messages up to this size go out in one write (one copy); bigger ones as a corked writev of slices.
const ONE_WRITE_BYTES = 64 * 1024;
const QUIT_WAIT_MS = 1000;
const noop = () => undefined;

/**
 * One outbound SMTP session (RFC 5321): greeting, EHLO (HELO for servers without ESMTP), STARTTLS whenever offered
 * (RFC 3207, opportunistic: the certificate is not verified), then transactions, pipelined when the server offers
 * PIPELINING (RFC 2920). A reply nobody asked for (a 421 to an idle session) ends the session.
 */
export class SmtpClient {
  secure = false;
  private socket: Socket;
  private readonly options: SmtpClientOptions;
  private readonly extensions = new Set<string>();
  private readonly replies: SmtpReplies;
  /** What a failure now would be: it moves on as the session gets further. */
  private phase: WireFailure = 'connect';
  private failure: SmtpWireError | null = null;
  /** No further transaction: the server is closing, or we are. */
  private closing = false;
  private quitting = false;
  private transactionStart = 0;
  private timer: NodeJS.Timeout | null = null;
  private handshakeFailed: ((error: Error) => void) | null = null;

  static async open(options: SmtpClientOptions): Promise<SmtpClient> {
    const client = new SmtpClient(options);
    try {
      await client.handshake();
      return client;
    } catch (error) {
      client.quit();
      throw error;
    }
  }

  private constructor(options: SmtpClientOptions) {
    this.options = options;
    this.replies = new SmtpReplies({ unasked: () => this.abandon(), invalid: (message) => this.fail(message) });
    this.socket = netConnect({
      host: options.ip,
      port: options.port,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    this.socket.setNoDelay(true);
    this.listen(this.socket);
    const connectMs = options.connectTimeoutMs ?? 15_000;
    this.timer = setTimeout(() => this.fail(`Connection timed out after ${connectMs} ms`), connectMs);
    this.socket.once('connect', () => {
      this.phase = 'greeting';
      const greetingMs = options.greetingTimeoutMs ?? 30_000;
      this.clearTimer();
      this.timer = setTimeout(() => this.fail(`No greeting within ${greetingMs} ms`), greetingMs);
    });
  }

  get usable(): boolean {
    return !this.failure && !this.closing && !this.replies.closing;
  }

  async send(envelope: { from: string; to: string }, raw: Buffer, transport: Transport = {}): Promise<SmtpResult> {
    let mailFrom = `MAIL FROM:<${envelope.from}>`;
    if (this.extensions.has('SIZE')) mailFrom += ` SIZE=${raw.length}`;
    // What the submitting client declared is passed on where this hop offers it (RFC 6152, RFC 6531).
    if (transport.eightBitMime && this.extensions.has('8BITMIME')) mailFrom += ' BODY=8BITMIME';
    const utf8 = transport.smtputf8 || NON_ASCII.test(envelope.from + envelope.to);
    if (utf8 && this.extensions.has('SMTPUTF8')) mailFrom += ' SMTPUTF8';
    else if (utf8 && needsSmtpUtf8(envelope, raw)) {
      // RFC 6531 3.4: a message with UTF-8 addresses or header fields may not go to a server without SMTPUTF8 (and
      // we do not downgrade it): a permanent failure of ours, before any command is sent.
      const text = `553 5.6.7 ${this.options.host} does not support SMTPUTF8 (RFC 6531), which this message needs for its UTF-8 addresses or header fields`;
      return { reply: { code: 553, text }, stage: 'MAIL', local: true };
    }
    const rcptTo = `RCPT TO:<${envelope.to}>`;
    this.transactionStart = this.replies.received;
    try {
      if (this.extensions.has('PIPELINING')) {
        // One write for the envelope and DATA; all three replies are read, even after a refusal, so the session stays
        // in step (RFC 2920 3.1).
        const replies = this.replies.read(3);
        this.write(`${mailFrom}\r\n${rcptTo}\r\nDATA\r\n`);
        // A 421 cuts them short (the server closes): it is a refusal itself, the commands after it have no reply.
        const [mail, rcpt, data] = (await replies) as [SmtpReply, SmtpReply?, SmtpReply?];
        const refusal = refused(mail, 'MAIL') ?? (rcpt && refused(rcpt, 'RCPT'));
        if (refusal) {
          // A server that opened DATA all the same would take an empty message: the session is dropped instead.
          if (data?.code === 354) this.abandon();
          return refusal;
        }
        if (data && data.code !== 354) return { reply: data, stage: 'DATA', needsReset: true };
      } else {
        const refusal = refused(await this.command(mailFrom), 'MAIL') ?? refused(await this.command(rcptTo), 'RCPT');
        if (refusal) return refusal;
        const data = await this.command('DATA');
        if (data.code !== 354) return { reply: data, stage: 'DATA', needsReset: true };
      }
      const final = this.replies.read(1);
      this.writeData(raw);
      const [reply] = (await final) as [SmtpReply];
      // After the final dot the server has ended the transaction either way (RFC 5321 4.1.1.4): no RSET needed.
      return reply.code < 300 ? { reply } : { reply, stage: 'DATA' };
    } catch (error) {
      if (error instanceof SmtpWireError) error.unanswered = this.replies.received === this.transactionStart;
      throw error;
    }
  }

  /** Clears a refused transaction (RFC 5321 4.1.1.5); false when the session cannot go on. */
  async reset(): Promise<boolean> {
    try {
      if ((await this.command('RSET')).code === 250) return true;
    } catch {
      // the session failed: it is closed already
    }
    this.quit();
    return false;
  }

  /** Ends the session with QUIT; the server closes the connection, or it is dropped a second later. */
  quit(): void {
    if (this.quitting || this.failure) return;
    this.quitting = true;
    // A server that announced it is closing (421), or a session out of step, gets no QUIT.
    if (!this.usable) {
      this.abandon();
      return;
    }
    this.closing = true;
    this.socket.end('QUIT\r\n');
    setTimeout(() => this.socket.destroy(), QUIT_WAIT_MS).unref();
  }

  private async handshake(): Promise<void> {
    const [greeting] = (await this.replies.read(1)) as [SmtpReply];
    this.clearTimer();
    this.phase = 'socket';
    this.socket.setTimeout(this.options.socketTimeoutMs);
    if (greeting.code !== 220) throw new SmtpRefusal(greeting, 'CONNECT', false);
    await this.hello();
    if (!this.extensions.has('STARTTLS')) return;
    const reply = await this.command('STARTTLS');
    if (reply.code === 220) {
      await this.startTls();
      await this.hello();
    } else if (reply.code === 421) {
      throw new SmtpRefusal(reply, 'HELO', false);
    }
    // STARTTLS refused otherwise: opportunistic TLS goes on in plain text.
  }

  private async hello(): Promise<void> {
    this.extensions.clear();
    let reply = await this.command(`EHLO ${this.options.heloName}`);
    // A server without ESMTP (RFC 5321 4.1.4); the extensions are the lines after the first of EHLO's reply.
    if (reply.code >= 500) reply = await this.command(`HELO ${this.options.heloName}`);
    else if (reply.code === 250) {
      for (const line of reply.text.split('\n').slice(1)) {
        this.extensions.add((line.slice(4).split(' ')[0] as string).toUpperCase());
      }
    }
    if (reply.code !== 250) throw new SmtpRefusal(reply, 'HELO', this.secure);
  }

  private startTls(): Promise<void> {
    const plain = this.socket;
    this.unlisten(plain);
    plain.on('error', noop);
    plain.setTimeout(0);
    this.replies.discard();
    this.phase = 'tls';
    const secure = tlsConnect({
      socket: plain,
      rejectUnauthorized: false,
      ...(isIP(this.options.host) ? {} : { servername: this.options.host }),
    });
    this.socket = secure;
    this.listen(secure);
    secure.setTimeout(this.options.socketTimeoutMs);
    return new Promise((resolve, reject) => {
      this.handshakeFailed = reject;
      secure.once('secureConnect', () => {
        this.handshakeFailed = null;
        this.phase = 'socket';
        this.secure = true;
        resolve();
      });
    });
  }

  private listen(socket: Socket): void {
    socket.on('data', this.replies.push).on('error', this.onError).on('close', this.onClose);
    socket.on('timeout', this.onTimeout);
  }

  private unlisten(socket: Socket): void {
    socket.off('data', this.replies.push).off('error', this.onError).off('close', this.onClose);
    socket.off('timeout', this.onTimeout);
  }

  private readonly onError = (error: Error): void => this.fail(error.message);
  private readonly onClose = (): void => this.fail('Connection closed unexpectedly');
  private readonly onTimeout = (): void => this.fail(`No reply within ${this.options.socketTimeoutMs} ms`);

  private async command(line: string): Promise<SmtpReply> {
    const reply = this.replies.read(1);
    this.write(`${line}\r\n`);
    return ((await reply) as [SmtpReply])[0];
  }

  private write(data: string | Buffer): void {
    if (!this.failure) this.socket.write(data);
  }

  private writeData(raw: Buffer): void {
    const chunks = dataChunks(raw);
    if (raw.length <= ONE_WRITE_BYTES) {
      this.write(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
      return;
    }
    this.socket.cork();
    for (const chunk of chunks) this.write(chunk);
    this.socket.uncork();
  }

  private abandon(): void {
    this.closing = true;
    this.socket.destroy();
  }

  /** The session is over: what the failure is called depends on how far it had got (this.phase). */
  private fail(message: string): void {
    if (this.failure) return;
    this.failure = new SmtpWireError(this.phase, message);
    this.clearTimer();
    this.socket.destroy();
    this.replies.fail(this.failure);
    this.handshakeFailed?.(this.failure);
    this.handshakeFailed = null;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Whether UTF-8 is really there (in the envelope or the header section): a declared SMTPUTF8 alone is no need. */
function needsSmtpUtf8(envelope: { from: string; to: string }, raw: Buffer): boolean {
  if (NON_ASCII.test(envelope.from + envelope.to)) return true;
  let end = raw.indexOf('\r\n\r\n');
  if (end < 0) end = raw.length;
  for (let i = 0; i < end; i++) if ((raw[i] as number) > 0x7f) return true;
  return false;
}

const refused = (reply: SmtpReply, stage: SmtpStage): SmtpResult | undefined =>
  reply.code < 300 ? undefined : { reply, stage, needsReset: true };
