import type { BlocklistState, ReputationEntry } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

/** Reads of the reputation job's tables (jobs/reputation-store.ts writes them). */

interface HistoryRow {
  ip: string;
  type: ReputationEntry['type'];
  day: string;
  listed: boolean | null;
  trust: string | null;
  filter: string | null;
  msg_recipients: number | null;
  complaint_rate: string | null;
  trap_hits: number | null;
  score: number | null;
  reputation: string | null;
}

const HISTORY_COLUMNS = `ip, type, to_char(day, 'YYYY-MM-DD') AS day, listed, trust, filter, msg_recipients,
  complaint_rate, trap_hits, score, reputation`;

/** A stored row as the contract's entry (the CHECK constraints of 0031 hold the enums). */
export function toEntry(row: HistoryRow): ReputationEntry {
  switch (row.type) {
    case 'snds':
      return {
        type: 'snds',
        day: row.day,
        filter: row.filter as 'GREEN',
        msg_recipients: row.msg_recipients ?? 0,
        complaint_rate: row.complaint_rate ?? '',
        trap_hits: row.trap_hits ?? 0,
      };
    case 'senderscore':
      return { type: 'senderscore', day: row.day, score: row.score ?? 0, reputation: row.reputation as 'low' };
    default:
      return { type: row.type, day: row.day, listed: row.listed ?? false, trust: row.trust as 'none' | null };
  }
}

export function readHistory(db: Db, ip: string, from: string): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    `SELECT ${HISTORY_COLUMNS} FROM ip_reputation_history WHERE ip = $1 AND day >= $2::date ORDER BY day, type`,
    [ip, from],
  );
}

/** The latest day of each type for each IP asked for. */
export function readLatest(db: Db, ips: readonly string[]): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    `SELECT DISTINCT ON (ip, type) ${HISTORY_COLUMNS} FROM ip_reputation_history
      WHERE ip = ANY($1::text[]) ORDER BY ip, type, day DESC`,
    [ips],
  );
}

export interface BlocklistDayRow {
  ip: string;
  zone: string;
  day: string;
  listed: boolean;
  codes: string;
}

export function readBlocklistHistory(db: Db, ip: string, from: string): Promise<BlocklistDayRow[]> {
  return db.query<BlocklistDayRow>(
    `SELECT ip, zone, to_char(day, 'YYYY-MM-DD') AS day, listed, codes FROM ip_blocklist_checks
      WHERE ip = $1 AND day >= $2::date ORDER BY day, zone`,
    [ip, from],
  );
}

/** Each zone's latest answer for each IP, with since when its level holds (ip_reputation_states). */
export async function readCurrentBlocklists(db: Db, ips: readonly string[]): Promise<Map<string, BlocklistState[]>> {
  const rows = await db.query<BlocklistDayRow & { since: Date | null }>(
    `SELECT DISTINCT ON (b.ip, b.zone) b.ip, b.zone, to_char(b.day, 'YYYY-MM-DD') AS day, b.listed, b.codes, s.since
       FROM ip_blocklist_checks b
       LEFT JOIN ip_reputation_states s ON s.ip = b.ip AND s.signal = 'bl:' || b.zone
      WHERE b.ip = ANY($1::text[]) ORDER BY b.ip, b.zone, b.day DESC`,
    [ips],
  );
  const byIp = new Map<string, BlocklistState[]>();
  for (const row of rows) {
    const list = byIp.get(row.ip) ?? [];
    list.push({
      zone: row.zone,
      listed: row.listed,
      codes: row.codes ? row.codes.split(',') : [],
      since: row.since ? new Date(row.since).toISOString() : null,
      error: null,
    });
    byIp.set(row.ip, list);
  }
  return byIp;
}

export function readLastChecked(db: Db, ips: readonly string[]): Promise<{ ip: string; checked_at: Date }[]> {
  return db.query(
    `SELECT ip, max(checked_at) AS checked_at FROM (
       SELECT ip, checked_at FROM ip_reputation_history WHERE ip = ANY($1::text[])
       UNION ALL SELECT ip, checked_at FROM ip_blocklist_checks WHERE ip = ANY($1::text[])) c GROUP BY ip`,
    [ips],
  );
}

export function listSendingIps(db: Db): Promise<{ id: number; ip: string; ptr_host: string | null }[]> {
  return db.query('SELECT id, ip, ptr_host FROM sending_ips ORDER BY id');
}
