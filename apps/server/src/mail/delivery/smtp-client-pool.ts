import type { SmtpStage } from '../classify/smtp-stage.ts';
import type { MxTarget } from './mx-resolver.ts';
import { SmtpClient, SmtpRefusal, SmtpWireError, type Transport } from './smtp-client.ts';

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
  /** Our own refusal (e.g. SMTPUTF8 needed and not offered): says nothing about the destination. */
  local?: boolean;
}

interface PooledConnection {
  client: SmtpClient;
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
// An address that could end the command line early or close the angle brackets would let it inject SMTP commands.
const UNSAFE_ADDRESS = /[\r\n<>]/;

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

  async send(
    target: MxTarget,
    envelope: { from: string; to: string },
    raw: Buffer,
    transport: Transport = {},
  ): Promise<SendOutcome> {
    if (UNSAFE_ADDRESS.test(envelope.from) || UNSAFE_ADDRESS.test(envelope.to)) {
      const reply = `Invalid envelope address: ${JSON.stringify(UNSAFE_ADDRESS.test(envelope.to) ? envelope.to : envelope.from)}`;
      return { code: null, reply, unreachable: false, tls: false, networkError: 'socket' };
    }
    const key = `${target.ip}:${target.port ?? this.options.port}`;
    for (let retried = false; ; retried = true) {
      let pooled: PooledConnection;
      try {
        pooled = await this.acquire(key, target);
      } catch (error) {
        return failure(error, target);
      }
      const { client } = pooled;
      const reused = pooled.sent > 0;
      try {
        const result = await client.send(envelope, raw, transport);
        const outcome: SendOutcome = {
          code: result.reply.code,
          reply: result.reply.text,
          unreachable: false,
          tls: client.secure,
        };
        if (result.stage) outcome.stage = result.stage;
        if (result.local) outcome.local = true;
        // A refusal in the envelope leaves the session usable once reset (RFC 5321 4.1.1.5).
        if (result.needsReset) this.reset(key, pooled);
        else this.release(key, pooled, true);
        return outcome;
      } catch (error) {
        this.release(key, pooled, false);
        // A reused connection the server had closed meanwhile (its idle timeout crossing our write) breaks before any
        // reply: nothing was taken, so the message goes once more, over another connection.
        if (reused && !retried && error instanceof SmtpWireError && error.unanswered) continue;
        return failure(error, target, client.secure);
      }
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
        if (pooled.client.usable) return pooled;
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

  private async connect(target: MxTarget): Promise<PooledConnection> {
    const client = await SmtpClient.open({
      host: target.host,
      ip: target.ip,
      port: target.port ?? this.options.port,
      heloName: this.options.heloName,
      socketTimeoutMs: this.options.timeoutMs,
    });
    return { client, sent: 0, idleTimer: null };
  }

  private release(key: string, pooled: PooledConnection, reusable: boolean): void {
    const pool = this.pool(key);
    pooled.sent++;
    if (!reusable || this.closed || pooled.sent >= MAX_MESSAGES_PER_CONNECTION || !pooled.client.usable) {
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
    if (!pooled.client.usable) {
      this.release(key, pooled, false);
      return;
    }
    void pooled.client.reset().then((ok) => this.release(key, pooled, ok));
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
    pooled.client.quit();
  }
}

/**
 * A session the host would not open (greeting or EHLO/HELO refused) keeps its reply and stage; any other failure has no
 * reply, only what went wrong on the wire. Either way the next MX may be tried.
 */
function failure(error: unknown, target: MxTarget, tls = false): SendOutcome {
  if (error instanceof SmtpRefusal) {
    const { code, text } = error.reply;
    return { code, reply: text, unreachable: true, tls: error.tls, stage: error.stage };
  }
  const networkError = error instanceof SmtpWireError ? error.kind : 'socket';
  const reply = `${target.host} [${target.ip}]: ${(error as Error).message}`;
  return { code: null, reply, unreachable: true, tls, networkError };
}
