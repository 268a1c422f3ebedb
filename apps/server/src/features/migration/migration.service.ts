import {
  MIGRATION_PROVIDER_NAMES,
  type MigrationStatus,
  type migrationCredentials,
  type migrationStart,
} from '@mailwright/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { conflict, fieldError, notFound } from '../../http/errors.ts';
import { sealColumn } from '../../secrets/secret-columns.ts';
import { createDomain, getDomain } from '../domains/domains.service.ts';
import { findClient } from '../subaccounts/subaccounts.repo.ts';
import { importerFor, providerBaseUrl } from './importers/providers.ts';
import * as repo from './migration.repo.ts';
import { ProviderAuthError, ProviderError, ProviderRetryLater } from './provider-http.ts';

export const MIGRATION_NOT_FOUND = 'Migration not found!';

type Credentials = z.output<typeof migrationCredentials>;
type Start = z.output<typeof migrationStart>;

export async function listMigrations(deps: Deps, auth: AuthContext) {
  const rows = await repo.listMigrations(deps.db, auth.cid);
  return { items: rows.map(repo.toMigration), total_count: rows.length };
}

/** Spec 5: whatever stops the listing (a refused key above all) is a 402 with the provider's reason, for the form. */
function refusal(provider: Credentials['integration'], error: unknown) {
  const name = MIGRATION_PROVIDER_NAMES[provider];
  if (error instanceof ProviderAuthError)
    return fieldError('api_token', `${name} refused the credentials: ${error.message}`, 402);
  if (error instanceof ProviderRetryLater)
    return fieldError('api_token', `${name} asks to slow down; try again in a minute`, 402);
  if (error instanceof ProviderError)
    return fieldError('api_token', `${name} could not list the domains: ${error.message}`, 402);
  return null;
}

/** Checks the credentials by listing the provider's domains, and keeps a draft with them sealed. */
export async function listProviderDomains(deps: Deps, auth: AuthContext, body: Credentials) {
  const credentials = JSON.stringify({ token: body.api_token, ...(body.api_user ? { user: body.api_user } : {}) });
  const instance = body.integration === 'mailgun' ? body.instance : 'us';
  let items: Awaited<ReturnType<ReturnType<typeof importerFor>['listDomains']>>;
  try {
    items = await importerFor(body.integration).listDomains({
      instance,
      credentials: JSON.parse(credentials),
      fromDomain: '',
      baseUrl: providerBaseUrl(deps.config, body.integration, instance),
      // Someone waits for this answer: a short retry, not the job's patient one.
      http: { maxAttempts: 3, backoffMs: 300, maxInlineWaitMs: 3000 },
    });
  } catch (error) {
    throw refusal(body.integration, error) ?? error;
  }
  // Only credentials that worked are kept, sealed to this row, until the migration starts and ends (or an hour).
  const id = await deps.db.transaction(async (tx) => {
    const row = await repo.insertDraft(tx, auth.cid, auth.uid, { integration: body.integration, instance });
    await repo.setCredentials(tx, row.id, sealColumn('migrations.credentials', row.id, credentials));
    return row.id;
  });
  return { id, items };
}

async function requireMigration(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findMigration(deps.db, auth.cid, id);
  if (!row) throw notFound(MIGRATION_NOT_FOUND);
  return row;
}

/** The target domain, ours or the client's: the existing one of that name, or a new one with new DKIM keys. */
async function resolveTarget(deps: Deps, auth: AuthContext, name: string, subaccount: number | null) {
  const cid = subaccount ?? auth.cid;
  if (subaccount !== null && !(await findClient(deps.db, auth.cid, subaccount))) {
    throw fieldError('subaccount', 'Choose one of your clients');
  }
  const existing = await deps.db.maybeOne<{ id: number }>(
    'SELECT id FROM domains WHERE customer_id = $1 AND name = $2',
    [cid, name],
  );
  if (existing) return { cid, did: existing.id };
  try {
    // The domain is created as the receiving customer creates one (for a client: acting inside it).
    const created = await createDomain(deps, { ...auth, cid }, { name });
    return { cid, did: created.did };
  } catch (error) {
    const field = (error as { errors?: { field: string; message: string }[] }).errors?.[0];
    if (field?.field === 'name') throw fieldError('target_domain', field.message, 409);
    throw error;
  }
}

export async function startMigration(deps: Deps, auth: AuthContext, id: number, body: Start) {
  const row = await requireMigration(deps, auth, id);
  if (row.status !== 'draft') throw conflict('This migration has already started');
  if (!row.credentials) throw conflict('The credentials have expired; list the domains again');
  const subaccount = body.subaccount ?? null;
  const target = await resolveTarget(deps, auth, body.target_domain, subaccount);
  const methods = [...new Set(body.methods)];
  const started = await deps.db.transaction((tx) =>
    repo.startMigration(tx, id, {
      fromDomain: body.from_domain,
      targetDomain: body.target_domain,
      targetCustomerId: target.cid,
      targetDomainId: target.did,
      subaccount,
      methods,
    }),
  );
  if (!started) throw conflict('This migration has already started');
  return getStatus(deps, auth, id);
}

/** Cancels a draft or running migration; its runner stops before its next page (the lease check fails). */
export async function cancelMigration(deps: Deps, auth: AuthContext, id: number) {
  await requireMigration(deps, auth, id);
  if (!(await repo.cancelMigration(deps.db, auth.cid, id))) throw conflict('This migration has already ended');
  return getStatus(deps, auth, id);
}

export async function getStatus(deps: Deps, auth: AuthContext, id: number): Promise<MigrationStatus> {
  const row = await requireMigration(deps, auth, id);
  const steps = await repo.listSteps(deps.db, id);
  const ours =
    row.target_domain_id && row.target_customer_id && row.methods.includes('domain')
      ? await getDomain(deps, row.target_customer_id, row.target_domain_id).catch(() => null)
      : null;
  const dns = (ours?.records ?? []).map((r) => {
    const theirs = row.provider_dns.find((p) => p.type === r.type && p.host.toLowerCase() === r.host.toLowerCase());
    return { type: r.type, host: r.host, value: r.value, current: theirs?.value ?? null };
  });
  return {
    ...repo.toMigration(row),
    steps: steps.map(repo.toStep),
    report: { dns, provider_dns: row.provider_dns, not_migrated: row.not_migrated.slice(0, 500) },
  };
}
