/** A whole reply: the code, and the text of all its lines as received ("250-a\n250 b"). */
export interface SmtpReply {
  code: number;
  text: string;
}

interface Waiter {
  count: number;
  replies: SmtpReply[];
  resolve: (replies: SmtpReply[]) => void;
  reject: (error: Error) => void;
}

// A server that sends a line longer than this, or a reply of more lines, is not talking SMTP.
const MAX_LINE = 64 * 1024;
const MAX_LINES = 500;
export const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The replies of one SMTP session, cut from the bytes the server sends and handed out in order to the commands waiting
 * for them: read(3) after three pipelined commands gets their three replies (RFC 2920 3.1).
 */
export class SmtpReplies {
  /** Replies received so far. */
  received = 0;
  /** The server answered 421: it is closing the session, whatever command it answered (RFC 5321 3.8). */
  closing = false;
  private partial = '';
  private lines: string[] = [];
  private waiters: Waiter[] = [];
  private failure: Error | null = null;
  private readonly events: { unasked: (reply: SmtpReply) => void; invalid: (message: string) => void };

  constructor(events: SmtpReplies['events']) {
    this.events = events;
  }

  /**
   * The next `count` replies, asked for before the commands are written; fewer when one of them is a 421, the last
   * reply of the session (RFC 5321 3.8): the commands after it get none.
   */
  read(count: number): Promise<SmtpReply[]> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ count, replies: [], resolve, reject }));
  }

  readonly push = (chunk: Buffer): void => {
    const text = this.partial + chunk.toString('latin1');
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      const line = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
      start = end + 1;
      if (!line) continue;
      this.lines.push(line);
      // RFC 5321 4.2.1: "250-" continues a reply, "250 " (or a bare "250") is its last line.
      if (line.charCodeAt(3) === 45 && this.lines.length < MAX_LINES) continue;
      const lines = this.lines;
      this.lines = [];
      this.receive(lines);
      if (this.failure) return;
    }
    this.partial = start ? text.slice(start) : text;
    if (this.partial.length > MAX_LINE) this.events.invalid('Reply line too long');
  };

  /** Forgets what was received and not yet a whole reply: after STARTTLS it came before the handshake (RFC 3207 6). */
  discard(): void {
    this.partial = '';
    this.lines = [];
  }

  /** The session failed: every command waiting for a reply fails with it, and so does every later read. */
  fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
  }

  private receive(lines: string[]): void {
    const code = Number((lines[0] as string).slice(0, 3));
    let text = lines.join('\n');
    // Reply text has no declared charset (RFC 5321 4.2.1): UTF-8 when it decodes as such, else the bytes as they came.
    if (NON_ASCII.test(text)) {
      const utf8 = Buffer.from(text, 'latin1').toString('utf8');
      if (!utf8.includes('\uFFFD')) text = utf8;
    }
    if (!(code >= 200 && code <= 599)) {
      this.events.invalid(`Not an SMTP reply: ${text.slice(0, 200)}`);
      return;
    }
    this.received++;
    if (code === 421) this.closing = true;
    const waiter = this.waiters[0];
    if (!waiter) {
      this.events.unasked({ code, text });
      return;
    }
    waiter.replies.push({ code, text });
    if (waiter.replies.length < waiter.count && code !== 421) return;
    this.waiters.shift();
    waiter.resolve(waiter.replies);
  }
}
