import {
  BOUNCE_HOST_PREFIX,
  type DomainCreate,
  type DomainUpdate,
  type PageQuery,
  TRACKING_HOST_PREFIX,
} from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { conflict, fieldError, notFound } from '../../http/errors.ts';
import { generateDkimKey } from '../../mail/dns/dkim-keys.ts';
import { createDnsClient } from '../../mail/dns/resolver.ts';
import { isSandboxName } from '../sandbox/sandbox-names.ts';
import { checkRecords, isVerified, toDomain } from './domain-records.ts';
import * as repo from './domains.repo.ts';

export const DOMAIN_NOT_FOUND = 'Domain not found!';

const taken = () => fieldError('name', 'This domain is already registered', 409);
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** The customer's domain row, or 404 (also for another customer's id). */
export async function requireDomain(deps: Deps, cid: number, did: number) {
  const row = await repo.findCustomerDomain(deps.db, cid, did);
  if (!row) throw notFound(DOMAIN_NOT_FOUND);
  return row;
}

export async function getDomain(deps: Deps, cid: number, did: number) {
  return toDomain(deps.config, await requireDomain(deps, cid, did));
}

export async function listDomains(deps: Deps, cid: number, page: PageQuery) {
  const { rows, total } = await repo.listCustomerDomains(deps.db, cid, page);
  return { items: rows.map((row) => toDomain(deps.config, row)), total_count: total };
}

export async function listAllDomains(deps: Deps, page: PageQuery) {
  const { rows, total } = await repo.listAllDomains(deps.db, page);
  return {
    items: rows.map((row) => ({ ...toDomain(deps.config, row), customer: row.customer_name })),
    total_count: total,
  };
}

/** Adds a domain with a fresh DKIM key; a name any customer already has is a 409 with a field error. */
export async function createDomain(deps: Deps, auth: AuthContext, input: DomainCreate) {
  if (isSandboxName(input.name, deps.config.mailHostname)) {
    throw fieldError('name', 'Names starting with sandbox- here are reserved for sandbox domains');
  }
  if (await repo.isDomainNameTaken(deps.db, input.name)) throw taken();
  const key = await generateDkimKey();
  try {
    const did = await repo.insertDomain(deps.db, auth.cid, {
      name: input.name,
      key,
      bounceHost: BOUNCE_HOST_PREFIX + input.name,
      trackingHost: TRACKING_HOST_PREFIX + input.name,
    });
    return getDomain(deps, auth.cid, did);
  } catch (error) {
    // Two requests for the same name at once: the unique index decides, the loser gets the same answer.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function updateDomain(deps: Deps, auth: AuthContext, did: number, input: DomainUpdate) {
  await requireDomain(deps, auth.cid, did);
  await repo.updateTracking(deps.db, auth.cid, did, input);
  if (input.rotate_dkim) await repo.replaceDkimKey(deps.db, auth.cid, did, await generateDkimKey());
  return getDomain(deps, auth.cid, did);
}

export async function deleteDomain(deps: Deps, auth: AuthContext, did: number) {
  if ((await requireDomain(deps, auth.cid, did)).sandbox) throw conflict('The sandbox domain cannot be deleted');
  if (!(await repo.deleteDomain(deps.db, auth.cid, did))) throw notFound(DOMAIN_NOT_FOUND);
  return { message: 'Domain deleted' };
}

/** Looks the records up through the configured resolver (DNS_SERVERS), stores each one's state, answers the domain. */
export async function verifyDomain(deps: Deps, auth: AuthContext, did: number) {
  const row = await requireDomain(deps, auth.cid, did);
  if (row.sandbox) return toDomain(deps.config, row); // no DNS to look up: it counts as verified
  const dns = createDnsClient({ servers: deps.config.dnsServers, timeoutMs: deps.config.dnsTimeoutMs });
  const records = await checkRecords(dns, deps.config, row);
  await repo.saveVerification(deps.db, auth.cid, did, records, isVerified(records));
  return getDomain(deps, auth.cid, did);
}
