import type { SmtpStage } from '../classify/smtp-stage.ts';
import type { ConnectionLease, DestinationLimits } from './destination-limits.ts';
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
  /** Its slot of the destination's shared limit (destination-limits.ts), when limits are shared. */
  lease?: ConnectionLease;
}

interface HostPool {
  idle: PooledConnection[];
  open: number;
  waiters: ((c: PooledConnection | null) => void)[];
}

// A connection is recycled after this many messages and closed after this long unused.
const MAX_MESSAGES_PER_CONNECTION = 1000;
const IDLE_MS = 10_000;
// An idle connection that holds a shared slot closes sooner: another process may be waiting for the slot.
const SHARED_IDLE_MS = 2_000;
// How long an opener waits before asking again for a slot that another process holds.
const SLOT_RETRY_MS = 250;
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
  private readonly options: {
    heloName: string;
    port: number;
    perHostLimit: number;
    timeoutMs: number;
    limits?: DestinationLimits;
  };
  private closed = false;

  /** `limits`: the per-destination limit shared with other processes (by MX host), on top of `perHostLimit`. */
  constructor(options: {
    heloName: string;
    port: number;
    perHostLimit: number;
    timeoutMs?: number;
    limits?: DestinationLimits;
  }) {
    this.options = { timeoutMs: 60_000, ...options };
  }

  /** SMTP connections open now (the process list shows it). */
  get openConnections(): number {
    let open = 0;
    for (const pool of this.pools.values()) open += pool.open;
    return open;
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
    // Connections are per (source address, MX address): one bound to a pool IP never carries another IP's mail.
    const key = `${target.source?.ip ?? '*'}>${target.ip}:${target.port ?? this.options.port}`;
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
      let sharedFull = false;
      if (pool.open < this.options.perHostLimit) {
        pool.open++;
        const lease = await this.options.limits?.acquire(target.host.toLowerCase());
        if (lease !== null) {
          try {
            const pooled = await this.connect(target);
            if (lease) pooled.lease = lease;
            return pooled;
          } catch (error) {
            lease?.release();
            pool.open--;
            this.handOver(pool);
            throw error;
          }
        }
        // Every slot of the destination is held (by other processes too): wait for ours or ask again soon.
        pool.open--;
        sharedFull = true;
      }
      // Wait for a connection handed over by a finished send, or for a free slot (null: go round again).
      const handed = await new Promise<PooledConnection | null>((resolve) => {
        pool.waiters.push(resolve);
        if (sharedFull) setTimeout(() => this.unwait(pool, resolve), SLOT_RETRY_MS * (0.5 + Math.random())).unref();
      });
      if (handed) return handed;
    }
  }

  private async connect(target: MxTarget): Promise<PooledConnection> {
    const client = await SmtpClient.open({
      host: target.host,
      ip: target.ip,
      port: target.port ?? this.options.port,
      // Sent from a pool IP (ip-pools.ts): bound to it, and EHLO with its PTR name so the names agree (FCrDNS).
      heloName: target.source?.heloName ?? this.options.heloName,
      ...(target.source ? { localAddress: target.source.ip } : {}),
      socketTimeoutMs: this.options.timeoutMs,
    });
    return { client, sent: 0, idleTimer: null };
  }

  private release(key: string, pooled: PooledConnection, reusable: boolean): void {
    const pool = this.pool(key);
    pooled.sent++;
    const stale = pooled.lease?.lost === true;
    if (!reusable || stale || this.closed || pooled.sent >= MAX_MESSAGES_PER_CONNECTION || !pooled.client.usable) {
      this.drop(pool, pooled);
      return;
    }
    const waiter = pool.waiters.shift();
    if (waiter) {
      waiter(pooled);
      return;
    }
    pooled.idleTimer = setTimeout(
      () => {
        const at = pool.idle.indexOf(pooled);
        if (at >= 0) pool.idle.splice(at, 1);
        this.drop(pool, pooled);
      },
      pooled.lease ? SHARED_IDLE_MS : IDLE_MS,
    );
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

  /** A waiter whose wait for another process's slot is over: it goes round again (asks the database). */
  private unwait(pool: HostPool, waiter: (c: PooledConnection | null) => void): void {
    const at = pool.waiters.indexOf(waiter);
    if (at < 0) return;
    pool.waiters.splice(at, 1);
    waiter(null);
  }

  private destroy(pooled: PooledConnection): void {
    if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
    pooled.lease?.release();
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
  const message = (error as Error).message;
  // A pool IP this machine does not have (or of the wrong family): our configuration, not the destination's fault,
  // so neither the next MX is tried nor the destination put in backoff.
  if (target.source && /EADDRNOTAVAIL|EINVAL/.test(message)) {
    const reply = `The sending IP ${target.source.ip} is not an address of this machine: ${message}`;
    return { code: null, reply, unreachable: false, tls, networkError, local: true };
  }
  const reply = `${target.host} [${target.ip}]: ${message}`;
  return { code: null, reply, unreachable: true, tls, networkError };
}
