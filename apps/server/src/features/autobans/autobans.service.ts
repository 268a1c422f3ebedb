import type { AutobanType } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { normalizeIp } from '../../security/attempt-guard.ts';
import * as repo from './autobans.repo.ts';

const LABEL: Record<AutobanType, [string, string]> = { user: ['user', 'users'], ip: ['IP address', 'IP addresses'] };

export async function listBans(deps: Deps, type: AutobanType) {
  const rows = await repo.listActiveBans(deps.db, type);
  const [one, many] = LABEL[type];
  const message =
    rows.length === 0 ? `No ${many} are banned` : `${rows.length} ${rows.length === 1 ? one : many} banned`;
  return { items: rows.map(repo.toAutoban), message };
}

/** An operator lifts a ban before it expires. */
export async function liftBan(deps: Deps, type: AutobanType, value: string) {
  const key = type === 'ip' ? normalizeIp(value) : value;
  if (!(await repo.deleteBan(deps.db, type, key))) throw notFound('This ban does not exist or has expired');
  return { message: `The ban on ${key} was lifted` };
}
