import { connect, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface SmtpReply {
  code: number;
  text: string;
}

/**
 * A raw SMTP client for probes: writes bytes exactly as given (no dot-stuffing, no line-end repair) and parses every
 * reply line the server sends. Lines that are not "NNN " / "NNN-" (RFC 5321 4.2) are kept in `malformed`.
 */
export class RawSmtp {
  readonly malformed: string[] = [];
  readonly replies: SmtpReply[] = [];
  private pending = '';
  private lines: string[] = [];
  private waiter: (() => void) | null = null;
  private closed = false;
  private read = 0;
  private socket: Socket;

  private constructor(socket: Socket) {
    this.socket = socket;
    this.attach(socket);
  }

  static async open(port: number): Promise<RawSmtp> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RawSmtp(socket);
  }

  private attach(socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.take(chunk));
    socket.on('error', () => this.finish());
    socket.on('close', () => this.finish());
  }

  private finish() {
    this.closed = true;
    this.wake();
  }

  private wake() {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  private take(chunk: string) {
    this.pending += chunk;
    let end = this.pending.indexOf('\r\n');
    while (end >= 0) {
      const line = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 2);
      const match = /^(\d{3})([ -])(.*)$/s.exec(line) ?? /^(\d{3})()()$/.exec(line);
      if (!match) this.malformed.push(line);
      else {
        this.lines.push(match[3] ?? '');
        if (match[2] !== '-') {
          this.replies.push({ code: Number(match[1]), text: this.lines.join('\n') });
          this.lines = [];
        }
      }
      end = this.pending.indexOf('\r\n');
    }
    this.wake();
  }

  /** The next reply not yet read, or null when none comes within `timeoutMs` or the connection is gone. */
  async next(timeoutMs = 2_000): Promise<SmtpReply | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.read >= this.replies.length) {
      const left = deadline - Date.now();
      if (this.closed || left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.replies[this.read++] ?? null;
  }

  /** Every reply that arrives until the server stays quiet for `quietMs`. */
  async drain(quietMs = 500): Promise<SmtpReply[]> {
    const got: SmtpReply[] = [];
    for (let reply = await this.next(quietMs); reply; reply = await this.next(quietMs)) got.push(reply);
    return got;
  }

  write(data: string) {
    if (!this.closed) this.socket.write(Buffer.from(data, 'latin1'));
  }

  async command(line: string, timeoutMs?: number) {
    this.write(`${line}\r\n`);
    return this.next(timeoutMs);
  }

  /** Upgrades after a 220 to STARTTLS (the engine's certificate is self-signed). */
  async startTls() {
    this.socket.removeAllListeners('data');
    const secure = connectTls({ socket: this.socket, rejectUnauthorized: false });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', resolve);
      secure.once('error', reject);
    });
    this.socket = secure;
    this.attach(secure);
  }

  get isClosed() {
    return this.closed;
  }

  close() {
    this.socket.destroy();
  }
}
