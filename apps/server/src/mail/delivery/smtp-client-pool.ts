import type { NodemailerError } from 'nodemailer/lib/errors';
import SMTPConnection, { type SMTPConnectionSendInfo } from 'nodemailer/lib/smtp-connection';
import type { SmtpStage } from '../classify/smtp-stage.ts';
import type { MxTarget } from './mx-resolver.ts';

export interface SendOutcome {
  /** The SMTP reply code, or null when no reply came (connection failure, timeout). */
  code: number | null;
  /** The remote reply, or our description of what went wrong on the wire. */
  reply: string;
  /** True when the failure was reaching the host at all: the next MX may be tried. */
  unreachable: boolean;
  tls: boolean;
  /** Set for failures without a reply, to pick the bounce category. */
  networkError?: 'connect' | 'greeting' | 'tls' | 'socket';
  /** The command a refusal answered: a "user unknown" after DATA is a filter, not a missing mailbox. */
  stage?: SmtpStage;
}

const STAGE_OF_COMMAND: Record<string, SmtpStage> = {
  CONN: 'CONNECT',
  EHLO: 'HELO',
  HELO: 'HELO',
  LHLO: 'HELO',
  'MAIL FROM': 'MAIL',
  'RCPT TO': 'RCPT',
  DATA: 'DATA',
};

interface PooledConnection {
  connection: SMTPConnection;
  sent: number;
  idleTimer: NodeJS.Timeout | null;
}

interface HostPool {
  idle: PooledConnection[];
  open: number;
  waiters: ((c: PooledConnection | null) => void)[];
}

// A connection is recycled after this many messages and closed after this long unused.
const MAX_MESSAGES_PER_CONNECTION = 1000;
const IDLE_MS = 10_000;

/**
 * Outbound SMTP connections, reused per MX address: a message goes over an idle connection to the same host when
 * one exists (a new connection per message costs more than half the throughput), at most `perHostLimit` connections
 * per host (the per-destination concurrency limit). STARTTLS is used whenever offered (opportunistic, RFC 3207);
 * certificates are not verified, as is usual between MTAs without DANE or MTA-STS.
 */
export class SmtpClientPool {
  private readonly pools = new Map<string, HostPool>();
  private readonly options: { heloName: string; port: number; perHostLimit: number; timeoutMs: number };
  private closed = false;

  constructor(options: { heloName: string; port: number; perHostLimit: number; timeoutMs?: number }) {
    this.options = { timeoutMs: 60_000, ...options };
  }

  async send(target: MxTarget, envelope: { from: string; to: string }, raw: Buffer): Promise<SendOutcome> {
    const key = `${target.ip}:${this.options.port}`;
    let pooled: PooledConnection;
    try {
      pooled = await this.acquire(key, target);
    } catch (error) {
      return wireFailure(error, target, false);
    }
    const tls = pooled.connection.secure;
    try {
      const info = await new Promise<SMTPConnectionSendInfo>((resolve, reject) =>
        pooled.connection.send({ from: envelope.from, to: [envelope.to], size: raw.length }, raw, (err, result) =>
          err ? reject(err) : resolve(result as SMTPConnectionSendInfo),
        ),
      );
      this.release(key, pooled, true);
      const response = info.response ?? '250 OK';
      return { code: Number(response.slice(0, 3)) || 250, reply: response, unreachable: false, tls };
    } catch (error) {
      const err = error as NodemailerError;
      const rejected = err.rejectedErrors?.[0] ?? err;
      if (rejected.responseCode) {
        // A refusal in the envelope or after DATA leaves the session usable once reset (RFC 5321 4.1.1.5).
        this.reset(key, pooled);
        const outcome: SendOutcome = {
          code: rejected.responseCode,
          reply: rejected.response ?? rejected.message,
          unreachable: false,
          tls,
        };
        const stage = STAGE_OF_COMMAND[rejected.command ?? ''];
        if (stage) outcome.stage = stage;
        return outcome;
      }
      this.release(key, pooled, false);
      return wireFailure(error, target, tls);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pool of this.pools.values()) {
      for (const pooled of pool.idle.splice(0)) this.destroy(pooled);
      for (const wake of pool.waiters.splice(0)) wake(null);
    }
  }

  private pool(key: string): HostPool {
    let pool = this.pools.get(key);
    if (!pool) {
      pool = { idle: [], open: 0, waiters: [] };
      this.pools.set(key, pool);
    }
    return pool;
  }

  private async acquire(key: string, target: MxTarget): Promise<PooledConnection> {
    const pool = this.pool(key);
    for (;;) {
      if (this.closed) throw new Error('Delivery is shutting down');
      while (pool.idle.length) {
        const pooled = pool.idle.pop() as PooledConnection;
        if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
        pooled.idleTimer = null;
        if (usable(pooled)) return pooled;
        this.drop(pool, pooled);
      }
      if (pool.open < this.options.perHostLimit) {
        pool.open++;
        try {
          return await this.connect(target);
        } catch (error) {
          pool.open--;
          this.handOver(pool);
          throw error;
        }
      }
      // Wait for a connection handed over by a finished send, or for a free slot (null: go round again).
      const handed = await new Promise<PooledConnection | null>((resolve) => pool.waiters.push(resolve));
      if (handed) return handed;
    }
  }

  private connect(target: MxTarget): Promise<PooledConnection> {
    const connection = new SMTPConnection({
      host: target.ip,
      port: this.options.port,
      name: this.options.heloName,
      opportunisticTLS: true,
      servername: target.host,
      tls: { rejectUnauthorized: false, servername: target.host },
      connectionTimeout: 15_000,
      greetingTimeout: 30_000,
      socketTimeout: this.options.timeoutMs,
      logger: false,
    });
    return new Promise((resolve, reject) => {
      connection.once('error', reject);
      connection.connect((err) => {
        if (err) return reject(err);
        connection.removeListener('error', reject);
        // An idle connection the server drops must not crash the process; it is simply not reused.
        connection.on('error', () => undefined);
        resolve({ connection, sent: 0, idleTimer: null });
      });
    });
  }

  private release(key: string, pooled: PooledConnection, reusable: boolean): void {
    const pool = this.pool(key);
    pooled.sent++;
    if (!reusable || this.closed || pooled.sent >= MAX_MESSAGES_PER_CONNECTION || !usable(pooled)) {
      this.drop(pool, pooled);
      return;
    }
    const waiter = pool.waiters.shift();
    if (waiter) {
      waiter(pooled);
      return;
    }
    pooled.idleTimer = setTimeout(() => {
      const at = pool.idle.indexOf(pooled);
      if (at >= 0) pool.idle.splice(at, 1);
      this.drop(pool, pooled);
    }, IDLE_MS);
    pooled.idleTimer.unref();
    pool.idle.push(pooled);
  }

  private reset(key: string, pooled: PooledConnection): void {
    if (!usable(pooled)) {
      this.release(key, pooled, false);
      return;
    }
    pooled.connection.reset((err) => this.release(key, pooled, !err));
  }

  private drop(pool: HostPool, pooled: PooledConnection): void {
    pool.open--;
    this.destroy(pooled);
    this.handOver(pool);
  }

  /** A slot came free: a waiter gets to open its own connection. */
  private handOver(pool: HostPool): void {
    const waiter = pool.waiters.shift();
    if (waiter) waiter(null);
  }

  private destroy(pooled: PooledConnection): void {
    if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
    try {
      pooled.connection.quit();
    } catch {
      pooled.connection.close();
    }
  }
}

function usable(pooled: PooledConnection): boolean {
  const c = pooled.connection as unknown as { _destroyed?: boolean; destroyed?: boolean; stage?: string };
  return !c._destroyed && !c.destroyed;
}

function wireFailure(error: unknown, target: MxTarget, tls: boolean): SendOutcome {
  const err = error as NodemailerError & { timeoutType?: string };
  const where = `${target.host} [${target.ip}]`;
  const kind =
    err.code === 'ETLS'
      ? 'tls'
      : err.timeoutType === 'GREETING_TIMEOUT'
        ? 'greeting'
        : err.code === 'ECONNECTION' || err.code === 'ESOCKET'
          ? 'connect'
          : 'socket';
  return { code: null, reply: `${where}: ${err.message}`, unreachable: true, tls, networkError: kind };
}
