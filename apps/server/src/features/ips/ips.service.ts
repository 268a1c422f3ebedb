import { randomBytes } from 'node:crypto';
import {
  IP_MODIFIED_MESSAGE,
  type IpInput,
  type ipInput,
  type SendingIp,
  type WARMUP_PROVIDERS,
  type WarmupProgress,
} from '@mailwright/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { conflict, fieldError, notFound } from '../../http/errors.ts';
import { sentOnDay } from '../../mail/delivery/warmup.repo.ts';
import { defaultWarmupSchedule, utcDay, warmupDayNumber } from '../../mail/delivery/warmup.ts';
import { createDnsClient } from '../../mail/dns/resolver.ts';
import { checkFcrdns } from './fcrdns.ts';
import * as repo from './ips.repo.ts';

export const IP_NOT_FOUND = 'IP address not found';
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
const duplicate = (ip: string) => fieldError('ip', `${ip} is already added`);
type ParsedIpInput = z.output<typeof ipInput>;

export type { IpInput };

type Sent = Record<(typeof WARMUP_PROVIDERS)[number], number>;
const NOTHING_SENT: Sent = { gmail: 0, microsoft: 0, yahoo: 0, other: 0 };

/** Day N of M, today's caps and what went out today: the warm-up progress the IP screen shows. */
function progress(row: repo.IpRow, sent: Sent, today: string): WarmupProgress | null {
  if (!row.warmup_started_on) return null;
  const schedule = row.warmup_schedule ?? defaultWarmupSchedule();
  const day = Math.max(1, warmupDayNumber(row.warmup_started_on, today));
  const last = schedule[schedule.length - 1] as WarmupProgress['caps_today'];
  return {
    started_on: row.warmup_started_on,
    day,
    days: schedule.length,
    complete: day > schedule.length,
    custom_schedule: row.warmup_schedule !== null,
    schedule,
    caps_today: schedule[day - 1] ?? last,
    sent_today: sent,
  };
}

async function toIps(deps: Deps, rows: repo.IpRow[]): Promise<SendingIp[]> {
  const today = utcDay(new Date());
  const warming = rows.filter((row) => row.warmup_started_on).map((row) => row.id);
  const sent = await sentOnDay(deps.db, warming, today);
  return rows.map((row) => ({
    ipid: row.id,
    ip: row.ip,
    ptr_host: row.ptr_host,
    pool_id: row.pool_id,
    pool_title: row.pool_title,
    warmup: progress(row, sent.get(row.id) ?? NOTHING_SENT, today),
    created_at: new Date(row.created_at).toISOString(),
  }));
}

export async function listIps(deps: Deps) {
  const items = await toIps(deps, await repo.listIps(deps.db));
  return { items, total_count: items.length };
}

async function requireIp(deps: Deps, id: number) {
  const row = await repo.findIp(deps.db, id);
  if (!row) throw notFound(IP_NOT_FOUND);
  return row;
}

export async function getIp(deps: Deps, id: number): Promise<SendingIp> {
  return (await toIps(deps, [await requireIp(deps, id)]))[0] as SendingIp;
}

/** The stored fields: what the input says, and for an update what it leaves out stays as it was. */
async function fieldsOf(deps: Deps, input: ParsedIpInput, current?: repo.IpRow): Promise<repo.IpFields> {
  const poolId = input.pool_id === undefined ? (current?.pool_id ?? null) : input.pool_id;
  if (poolId !== null && !(await repo.findPool(deps.db, poolId))) throw fieldError('pool_id', 'No such IP pool');
  let warmupStartedOn: string | null = current?.warmup_started_on ?? null;
  let warmupSchedule = current?.warmup_schedule ?? null;
  if (input.warmup === null) [warmupStartedOn, warmupSchedule] = [null, null];
  else if (input.warmup) {
    warmupStartedOn = input.warmup.started_on ?? warmupStartedOn ?? utcDay(new Date());
    if (input.warmup.schedule !== undefined) warmupSchedule = input.warmup.schedule;
  }
  return {
    ip: input.ip,
    ptrHost: input.ptr_host === undefined ? (current?.ptr_host ?? null) : input.ptr_host,
    poolId,
    warmupStartedOn,
    warmupSchedule,
  };
}

export async function createIp(deps: Deps, input: ParsedIpInput): Promise<SendingIp> {
  const fields = await fieldsOf(deps, input);
  try {
    return getIp(deps, await repo.insertIp(deps.db, fields));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.ip);
    throw error;
  }
}

export async function updateIp(deps: Deps, id: number, input: ParsedIpInput) {
  const fields = await fieldsOf(deps, input, await requireIp(deps, id));
  try {
    await repo.updateIp(deps.db, id, fields);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.ip);
    throw error;
  }
  return { message: IP_MODIFIED_MESSAGE, ip: await getIp(deps, id) };
}

/**
 * Two-step delete (spec 4): the first call answers a confirm value, the second sends it. An address still in a pool
 * is refused (409) at the first step unless {force}: taking an address out of a pool that is sending is a choice.
 */
export async function deleteIp(
  deps: Deps,
  id: number,
  body: { confirm?: string | undefined; force?: boolean | undefined },
) {
  const row = await requireIp(deps, id);
  if (!body.confirm) {
    if (row.pool_id !== null && !body.force) {
      throw conflict(
        `${row.ip} is still in pool '${row.pool_title}': take it out of the pool first, or confirm deleting it anyway`,
      );
    }
    const value = randomBytes(4).toString('hex');
    await repo.setIpDeleteConfirm(deps.db, id, value);
    return { confirm: value, message: `Send the confirm value within 10 minutes to delete ${row.ip}` };
  }
  if (!(await repo.deleteIpIfConfirmed(deps.db, id, body.confirm))) {
    throw fieldError('confirm', 'The confirm value is wrong or has expired; start the deletion again');
  }
  return { message: `${row.ip} deleted` };
}

export function checkIp(deps: Deps, ip: string) {
  const dns = createDnsClient({ servers: deps.config.dnsServers, timeoutMs: deps.config.dnsTimeoutMs });
  return checkFcrdns(dns, ip);
}
