import type { MtaGroups, MtaProcess } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { PROCESS_STALE_SECONDS } from '../../mail/processes/process-registry.ts';

interface ProcessRow {
  id: string | number;
  roles: string[];
  host: string;
  pid: number;
  version: string;
  started_at: Date | string;
  heartbeat_at: Date | string;
  in_flight: number;
  delivered_last_minute: number;
  open_connections: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Processes whose heartbeat is fresh (a stopped or crashed process drops out within 30 s), oldest first. */
export async function listLiveProcesses(db: Db): Promise<MtaProcess[]> {
  const rows = await db.query<ProcessRow>(
    `SELECT id, roles, host, pid, version, started_at, heartbeat_at, in_flight, delivered_last_minute,
            open_connections
       FROM processes WHERE heartbeat_at >= now() - make_interval(secs => $1)
      ORDER BY host, started_at, id`,
    [PROCESS_STALE_SECONDS],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    roles: row.roles,
    host: row.host,
    pid: row.pid,
    version: row.version,
    started_at: iso(row.started_at),
    heartbeat_at: iso(row.heartbeat_at),
    in_flight: row.in_flight,
    delivered_last_minute: row.delivered_last_minute,
    open_connections: row.open_connections,
  }));
}

/** Spec 3 "MTAs: grouped lists": by role (a process with several roles is under each) and by host, sorted. */
export function groupProcesses(processes: readonly MtaProcess[]): MtaGroups {
  const byRole = new Map<string, MtaProcess[]>();
  const byHost = new Map<string, MtaProcess[]>();
  for (const process of processes) {
    for (const role of process.roles) byRole.set(role, [...(byRole.get(role) ?? []), process]);
    byHost.set(process.host, [...(byHost.get(process.host) ?? []), process]);
  }
  const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
  return {
    by_role: sorted(byRole).map(([role, items]) => ({ role, items })),
    by_host: sorted(byHost).map(([host, items]) => ({ host, items })),
  };
}
