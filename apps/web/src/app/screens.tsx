import type { ComponentType } from 'react';

/**
 * The signed-in screens, by the name the route table (routes.tsx) gives them. The signed-in frame (Layout.tsx) imports
 * this module, so the screens' loaders travel with the frame instead of with the sign-in page (issue 11, console
 * speed); RouteScreen looks a screen up here and loads it on demand.
 */
export const SCREENS = {
  AccountSettingsScreen: () => import('../features/account-settings/AccountSettingsScreen.tsx'),
  // Issue 14: the customer's billing and invoices.
  AccountBillingScreen: () => import('../features/invoices/AccountBillingScreen.tsx'),
  AddonsScreen: () => import('../features/billing/AddonsScreen.tsx'),
  AllDomainsScreen: () => import('../features/domains/AllDomainsScreen.tsx'),
  ApiKeysScreen: () => import('../features/api-keys/ApiKeysScreen.tsx'),
  AutobansScreen: () => import('../features/monitoring/AutobansScreen.tsx'),
  BounceCategoryPatternsScreen: () => import('../features/patterns/BounceCategoryPatternsScreen.tsx'),
  // Issue 15: the clients (sub-accounts) with join requests.
  ClientsScreen: () => import('../features/clients/ClientsScreen.tsx'),
  CustomerBillingScreen: () => import('../features/billing/CustomerBillingScreen.tsx'),
  CustomersScreen: () => import('../features/customers/CustomersScreen.tsx'),
  // Issue 15: the operators' vetting lists.
  CustomerVettingScreen: () => import('../features/vetting/CustomerVettingScreen.tsx'),
  DashboardScreen: () => import('../features/dashboard/DashboardScreen.tsx'),
  DeferredWebhooksScreen: () => import('../features/monitoring/DeferredWebhooksScreen.tsx'),
  // Issue 16: seed tests (and, for operators, the seed list).
  DeliverabilityScreen: () => import('../features/deliverability/DeliverabilityScreen.tsx'),
  // Issue 16: IP and domain reputation.
  DomainReputationScreen: () => import('../features/reputation/DomainReputationScreen.tsx'),
  DomainScreen: () => import('../features/domains/DomainScreen.tsx'),
  DomainsScreen: () => import('../features/domains/DomainsScreen.tsx'),
  DomainVettingScreen: () => import('../features/vetting/DomainVettingScreen.tsx'),
  DsnPatternsScreen: () => import('../features/patterns/DsnPatternsScreen.tsx'),
  GlobalStatsScreen: () => import('../features/monitoring/GlobalStatsScreen.tsx'),
  GlobalSuppressionsScreen: () => import('../features/global-suppressions/GlobalSuppressionsScreen.tsx'),
  // Issue 16: sending IPs, pools and warm-up.
  IpsScreen: () => import('../features/ips/IpsScreen.tsx'),
  IpReputationScreen: () => import('../features/reputation/IpReputationScreen.tsx'),
  IpReputationsScreen: () => import('../features/reputation/IpReputationsScreen.tsx'),
  LogsScreen: () => import('../features/logs/LogsScreen.tsx'),
  // Issue 18: migration from another provider.
  MigrationScreen: () => import('../features/migration/MigrationScreen.tsx'),
  // Issue 15: partners, referrals and payouts.
  PartnerManagementScreen: () => import('../features/partners/PartnerManagementScreen.tsx'),
  PartnerOverviewScreen: () => import('../features/partners/PartnerOverviewScreen.tsx'),
  // Issue 17: processes and the delivery queue (/monitoring/rabbitmq).
  QueuesScreen: () => import('../features/monitoring/QueuesScreen.tsx'),
  RecipientAllowlistScreen: () => import('../features/allowlists/RecipientAllowlistScreen.tsx'),
  RoutesScreen: () => import('../features/routes/RoutesScreen.tsx'),
  SandboxScreen: () => import('../features/sandbox/SandboxScreen.tsx'),
  SeedTestScreen: () => import('../features/deliverability/SeedTestScreen.tsx'),
  SendingKeysScreen: () => import('../features/credentials/SendingKeysScreen.tsx'),
  SmtpPatternsScreen: () => import('../features/patterns/SmtpPatternsScreen.tsx'),
  SmtpUsersScreen: () => import('../features/credentials/SmtpUsersScreen.tsx'),
  StatisticsScreen: () => import('../features/statistics/StatisticsScreen.tsx'),
  // The templates screens (issue 13); the editor's code editor loads with the edit screen only.
  TemplateDetailScreen: () => import('../features/templates/TemplateDetailScreen.tsx'),
  TemplateEditScreen: () => import('../features/templates/TemplateEditScreen.tsx'),
  TemplatesScreen: () => import('../features/templates/TemplatesScreen.tsx'),
  SuppressionsScreen: () => import('../features/suppressions/SuppressionsScreen.tsx'),
  // Issue 19: a key's IP ranges.
  TiersScreen: () => import('../features/billing/TiersScreen.tsx'),
  TokenIpRangesScreen: () => import('../features/token-ips/TokenIpRangesScreen.tsx'),
  UriAllowlistScreen: () => import('../features/allowlists/UriAllowlistScreen.tsx'),
  UriBlocklistScreen: () => import('../features/uri-blocklist/UriBlocklistScreen.tsx'),
  UsersScreen: () => import('../features/users/UsersScreen.tsx'),
  WebhooksScreen: () => import('../features/webhooks/WebhooksScreen.tsx'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type ScreenName = keyof typeof SCREENS;
