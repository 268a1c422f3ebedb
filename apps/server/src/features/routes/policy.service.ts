import type { InboundPolicy, InboundPolicyInput } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { toDomain } from '../domains/domain-records.ts';
import type { DomainRow } from '../domains/domains.repo.ts';
import { requireDomain } from '../domains/domains.service.ts';
import { findPolicy, type PolicyRow, savePolicy } from './policy.repo.ts';

const DEFAULTS: InboundPolicyInput = {
  unmatched: 'reject',
  max_size: null,
  require_spf: false,
  require_dkim: false,
  require_dmarc: false,
  auth_failure: 'reject',
};

const inputOf = (row: PolicyRow | undefined): InboundPolicyInput =>
  row
    ? {
        unmatched: row.unmatched,
        max_size: row.max_size,
        require_spf: row.require_spf,
        require_dkim: row.require_dkim,
        require_dmarc: row.require_dmarc,
        auth_failure: row.auth_failure,
      }
    : DEFAULTS;

/** The policy in force for a domain already known to be the customer's (the defaults until one is saved). */
export async function policyInput(deps: Deps, cid: number, did: number): Promise<InboundPolicyInput> {
  return inputOf(await findPolicy(deps.db, cid, did));
}

function toPolicy(deps: Deps, domain: DomainRow, row: PolicyRow | undefined): InboundPolicy {
  const record = toDomain(deps.config, domain).records.find((r) => r.kind === 'receiving');
  return {
    did: domain.id,
    ...inputOf(row),
    size_limit: deps.config.inboundMaxSize,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
    receiving: {
      sandbox: domain.sandbox,
      host: domain.name,
      mx_host: deps.config.inboundMxHost,
      state: record?.state ?? 'unchecked',
      found: record?.found ?? [],
      checked_at: record?.checked_at ?? null,
    },
  };
}

export async function getPolicy(deps: Deps, cid: number, did: number) {
  const domain = await requireDomain(deps, cid, did);
  return toPolicy(deps, domain, await findPolicy(deps.db, cid, did));
}

/** Saves the whole policy; a size above INBOUND_MAX_SIZE (which the contract cannot know) is a 400 on max_size. */
export async function setPolicy(deps: Deps, cid: number, did: number, input: InboundPolicyInput) {
  const domain = await requireDomain(deps, cid, did);
  const limit = deps.config.inboundMaxSize;
  if (input.max_size !== null && input.max_size > limit) {
    throw fieldError('max_size', `At most ${limit} bytes (the installation's INBOUND_MAX_SIZE)`);
  }
  return toPolicy(deps, domain, await savePolicy(deps.db, cid, did, input));
}
