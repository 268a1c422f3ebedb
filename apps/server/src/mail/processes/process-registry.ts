import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { SERVER_ROOT } from '../../server-root.ts';

/** A heartbeat older than this means the process is gone: not listed, and deleted at the next registration. */
export const PROCESS_STALE_SECONDS = 30;
const HEARTBEAT_MS = 10_000;

/** What a process reports at each heartbeat (its delivery worker's figures; zeros without the worker role). */
export interface ProcessLoad {
  inFlight: number;
  deliveredLastMinute: number;
  /** Outbound SMTP connections open now. */
  openConnections?: number;
}

export interface ProcessRegistration {
  readonly id: number;
  /** Writes the heartbeat now (the timer does it every 10 s). */
  beat(): Promise<void>;
  /** Stops the heartbeat and removes the row: a stopped process leaves the list at once. */
  stop(): Promise<void>;
}

let cachedVersion: string | null = null;
/** The server package's version (apps/server/package.json), read once. */
export function serverVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const file = join(SERVER_ROOT, 'package.json');
    cachedVersion = String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version ?? 'unknown');
  } catch {
    cachedVersion = 'unknown';
  }
  return cachedVersion;
}

/**
 * Registers this process in `processes` (issue 17: operators see every running process) and keeps its heartbeat
 * fresh. The timer is unref'd: it never keeps a process alive that is otherwise done.
 */
export async function registerProcess(options: {
  db: Db;
  log: Logger;
  roles: readonly string[];
  load?: () => ProcessLoad;
  heartbeatMs?: number;
  host?: string;
  pid?: number;
}): Promise<ProcessRegistration> {
  const { db, log } = options;
  const load = options.load ?? ((): ProcessLoad => ({ inFlight: 0, deliveredLastMinute: 0 }));
  const insert = async (): Promise<number> => {
    await db.query(`DELETE FROM processes WHERE heartbeat_at < now() - make_interval(secs => $1)`, [
      PROCESS_STALE_SECONDS,
    ]);
    const { inFlight, deliveredLastMinute, openConnections = 0 } = load();
    const rows = await db.query<{ id: string | number }>(
      `INSERT INTO processes (roles, host, pid, version, in_flight, delivered_last_minute, open_connections)
       VALUES ($1::text[], $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        [...options.roles].sort(),
        options.host ?? hostname(),
        options.pid ?? process.pid,
        serverVersion(),
        inFlight,
        deliveredLastMinute,
        openConnections,
      ],
    );
    return Number(rows[0]?.id);
  };
  let id = await insert();
  let stopped = false;
  const beat = async () => {
    if (stopped) return;
    const { inFlight, deliveredLastMinute, openConnections = 0 } = load();
    const updated = await db.query<{ id: string | number }>(
      `UPDATE processes SET heartbeat_at = now(), in_flight = $2, delivered_last_minute = $3, open_connections = $4
        WHERE id = $1 RETURNING id`,
      [id, inFlight, deliveredLastMinute, openConnections],
    );
    // Deleted as stale (the process stalled past 30 s, e.g. a long GC or a suspended VM): register again.
    if (!updated.length && !stopped) id = await insert();
  };
  const timer = setInterval(() => {
    beat().catch((error: unknown) => log.warn({ err: error }, 'process heartbeat failed'));
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();
  return {
    get id() {
      return id;
    },
    beat,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await db.query('DELETE FROM processes WHERE id = $1', [id]).catch((error: unknown) => {
        log.warn({ err: error }, 'removing the process row failed');
      });
    },
  };
}
