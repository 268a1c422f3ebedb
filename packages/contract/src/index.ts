import { accountEndpoints } from './account.ts';
import { allowlistsEndpoints, uriAllowlistEndpoints, uriBlocklistEndpoints } from './allowlists.ts';
import { autobansEndpoints } from './autobans.ts';
import { billingCatalogueEndpoints } from './billing.ts';
import { credentialsEndpoints } from './credentials.ts';
import { customersEndpoints } from './customers.ts';
import { domainsEndpoints } from './domains.ts';
import type { Endpoint } from './endpoint.ts';
import { extrasEndpoints } from './extras.ts';
import { invoicesEndpoints } from './invoices.ts';
import { ipPoolsEndpoints, ipsEndpoints } from './ips.ts';
import { dashboardEndpoints, logsEndpoints } from './messages-log.ts';
import { migrationEndpoints } from './migration.ts';
import { mtasEndpoints, queuesEndpoints } from './monitoring.ts';
import { partnersEndpoints } from './partners.ts';
import { bounceCategoryPatternsEndpoints, dsnPatternsEndpoints, smtpPatternsEndpoints } from './patterns.ts';
import { reputationEndpoints } from './reputation.ts';
import { routesEndpoints } from './routes.ts';
import { sandboxEndpoints } from './sandbox.ts';
import { seedMailboxesEndpoints, seedTestsEndpoints } from './seedtests.ts';
import { sendingEndpoints } from './sending.ts';
import { sessionEndpoints } from './session.ts';
import { settingsEndpoints } from './settings.ts';
import { statsEndpoints } from './stats.ts';
import { subaccountsEndpoints } from './subaccounts.ts';
import { backoffEndpoints, domainPatternsEndpoints, suppressionsEndpoints } from './suppressions.ts';
import { templatesEndpoints } from './templates.ts';
import { tokensEndpoints } from './tokens.ts';
import { usersEndpoints } from './users.ts';
import { vettingEndpoints } from './vetting.ts';
import { webhooksEndpoints } from './webhooks.ts';

import './zod-config.ts';

export * from './account.ts';
export * from './allowlists.ts';
export * from './autobans.ts';
export * from './billing.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './credentials.ts';
export * from './customers.ts';
export * from './domains.ts';
export * from './endpoint.ts';
export * from './extras.ts';
export * from './invoices.ts';
export * from './ip-address.ts';
export * from './ips.ts';
export * from './messages.ts';
export * from './messages-log.ts';
export * from './migration.ts';
export * from './monitoring.ts';
export * from './partners.ts';
export * from './patterns.ts';
export * from './reputation.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './sandbox.ts';
export * from './seedtests.ts';
export * from './sending.ts';
export * from './session.ts';
export * from './settings.ts';
export * from './stats.ts';
export * from './stats-range.ts';
export * from './subaccounts.ts';
export * from './suppressions.ts';
export * from './templates.ts';
export * from './tokens.ts';
export * from './users.ts';
export * from './vetting.ts';
export * from './webhooks.ts';

/** Every console API endpoint, grouped by feature; /api/docs is generated from this. */
export const endpoints = {
  session: sessionEndpoints,
  settings: settingsEndpoints,
  users: usersEndpoints,
  customers: customersEndpoints,
  account: accountEndpoints,
  domains: domainsEndpoints,
  credentials: credentialsEndpoints,
  tokens: tokensEndpoints,
  stats: statsEndpoints,
  webhooks: webhooksEndpoints,
  smtpPatterns: smtpPatternsEndpoints,
  sandbox: sandboxEndpoints,
  dsnPatterns: dsnPatternsEndpoints,
  bounceCategoryPatterns: bounceCategoryPatternsEndpoints,
  sending: sendingEndpoints,
  logs: logsEndpoints,
  dashboard: dashboardEndpoints,
  suppressions: suppressionsEndpoints,
  allowlists: allowlistsEndpoints,
  uriAllowlist: uriAllowlistEndpoints,
  uriBlocklist: uriBlocklistEndpoints,
  domainPatterns: domainPatternsEndpoints,
  backoff: backoffEndpoints,
  autobans: autobansEndpoints,
  routes: routesEndpoints,
  templates: templatesEndpoints,
  seedTests: seedTestsEndpoints,
  seedMailboxes: seedMailboxesEndpoints,
  vetting: vettingEndpoints,
  billingCatalogue: billingCatalogueEndpoints,
  subaccounts: subaccountsEndpoints,
  extras: extrasEndpoints,
  invoices: invoicesEndpoints,
  mtas: mtasEndpoints,
  queues: queuesEndpoints,
  ips: ipsEndpoints,
  ipPools: ipPoolsEndpoints,
  partners: partnersEndpoints,
  reputation: reputationEndpoints,
  migration: migrationEndpoints,
} as const;

export function allEndpoints(): Endpoint[] {
  return Object.values(endpoints).flatMap((group) => Object.values(group) as Endpoint[]);
}
