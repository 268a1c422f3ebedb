import type { FastifyInstance } from 'fastify';
import type { Deps } from './deps.ts';
import { registerAccountRoutes } from './features/account/account.routes.ts';
import { registerAllowlistRoutes } from './features/allowlists/allowlists.routes.ts';
import { registerAutobanRoutes } from './features/autobans/autobans.routes.ts';
import { registerBackoffRoutes } from './features/backoff/backoff.routes.ts';
import { registerBillingCatalogueRoutes } from './features/billing/billing.routes.ts';
import { registerCredentialRoutes } from './features/credentials/credentials.routes.ts';
import { registerCustomerRoutes } from './features/customers/customers.routes.ts';
import { registerDashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { registerDomainPatternRoutes } from './features/domain-patterns/domain-patterns.routes.ts';
import { registerDomainRoutes } from './features/domains/domains.routes.ts';
import { registerExtrasRoutes } from './features/extras/extras.routes.ts';
import { registerInvoiceRoutes } from './features/invoices/invoices.routes.ts';
import { registerIpRoutes } from './features/ips/ips.routes.ts';
import { registerLogRoutes } from './features/logs/logs.routes.ts';
import { registerMigrationRoutes } from './features/migration/migration.routes.ts';
import { registerMonitoringRoutes } from './features/monitoring/monitoring.routes.ts';
import { registerNewsRoutes } from './features/news/news.routes.ts';
import { registerNotificationRoutes } from './features/notifications/notifications.routes.ts';
import { registerPartnerRoutes } from './features/partners/partners.routes.ts';
import { registerPatternRoutes } from './features/patterns/patterns.routes.ts';
import { registerReputationRoutes } from './features/reputation/reputation.routes.ts';
import { registerRouteRoutes } from './features/routes/routes.routes.ts';
import { registerSandboxRoutes } from './features/sandbox/sandbox.routes.ts';
import { registerSeedTestRoutes } from './features/seedtests/seedtests.routes.ts';
import { registerSendingRoutes } from './features/sending/sending.routes.ts';
import { registerSessionRoutes } from './features/session/session.routes.ts';
import { registerSettingsRoutes } from './features/settings/settings.routes.ts';
import { registerStatsRoutes } from './features/stats/stats.routes.ts';
import { registerSubaccountRoutes } from './features/subaccounts/subaccounts.routes.ts';
import { registerSuppressionRoutes } from './features/suppressions/suppressions.routes.ts';
import { registerTemplateRoutes } from './features/templates/templates.routes.ts';
import { registerTokenRoutes } from './features/tokens/tokens.routes.ts';
import { registerTrackingRoutes } from './features/tracking/tracking.routes.ts';
import { registerUriBlocklistRoutes } from './features/uribl/uribl.routes.ts';
import { registerUserRoutes } from './features/users/users.routes.ts';
import { registerVettingRoutes } from './features/vetting/vetting.routes.ts';
import { registerWebhookRoutes } from './features/webhooks/webhooks.routes.ts';
import { registerApiReference } from './http/api-reference.ts';

/** Every feature's routes; a new feature adds its register function here. */
const FEATURE_ROUTES = [
  registerSessionRoutes,
  registerSettingsRoutes,
  registerUserRoutes,
  registerCustomerRoutes,
  registerAccountRoutes,
  registerNotificationRoutes,
  registerNewsRoutes,
  registerDomainRoutes,
  registerCredentialRoutes,
  registerTokenRoutes,
  registerStatsRoutes,
  registerWebhookRoutes,
  registerTrackingRoutes,
  registerPatternRoutes,
  registerSendingRoutes,
  registerLogRoutes,
  registerSandboxRoutes,
  registerDashboardRoutes,
  registerSuppressionRoutes,
  registerDomainPatternRoutes,
  registerAllowlistRoutes,
  registerUriBlocklistRoutes,
  registerBackoffRoutes,
  registerAutobanRoutes,
  registerRouteRoutes,
  registerTemplateRoutes,
  registerSeedTestRoutes,
  registerInvoiceRoutes,
  registerBillingCatalogueRoutes,
  registerVettingRoutes,
  registerSubaccountRoutes,
  registerExtrasRoutes,
  registerMonitoringRoutes,
  registerIpRoutes,
  registerPartnerRoutes,
  registerMigrationRoutes,
  registerReputationRoutes,
];

/**
 * The composition of the API (issue 11 item 7): every feature's routes, then the API reference. buildApp
 * (http/app.ts) takes this as a parameter, so http/ imports no feature.
 */
export async function registerAppRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  for (const register of FEATURE_ROUTES) register(app, deps);
  await registerApiReference(app);
}
