import { type Access, ADMINS, MTA_OPERATORS, PARTNER_AREA, SUPERADMIN } from '@mailwright/contract';
import { type ComponentType, lazy } from 'react';
import type { RouteIcon } from './route-icons.tsx';
import type { ScreenName } from './screens.tsx';

/**
 * One route of spec section 2, written once: the router, the guards, the sidebar and the section tabs are all
 * derived from this table. A feature replaces a placeholder by giving its route a `screen` (and dropping
 * `arrivesWith`).
 */
export interface ScreenRoute {
  /** Path relative to the parent; '' is the parent's own index screen. */
  path: string;
  title: string;
  /** Who may open it; children inherit it and may narrow it. Top-level routes default to any signed-in user. */
  access?: Access;
  /** Routes with an icon appear in the sidebar (the icon's name: the icons load with the sidebar, route-icons.tsx). */
  icon?: RouteIcon;
  /** "redirects to …": the child the bare section path opens. */
  redirectTo?: string;
  /**
   * A signed-in screen by name (screens.tsx: loaded with the signed-in frame, so the sign-in page does not carry
   * them), or a guest screen's component.
   */
  screen?: ScreenName | ComponentType;
  /** For a screen not built yet: what brings it (shown on the placeholder). */
  arrivesWith?: string;
  children?: ScreenRoute[];
}

/** A section whose children are shown as tabs under the section's title (e.g. suppressions). */
export function isTabbedSection(route: ScreenRoute): boolean {
  return Boolean(route.redirectTo && route.children);
}

/** A route that only forwards (spec 2, legacy redirects). */
export interface RedirectRoute {
  path: string;
  to: string;
}

/** Everything under / that needs a signed-in user. The default route / redirects to dashboard. */
export const SCREEN_ROUTES: ScreenRoute[] = [
  {
    path: 'dashboard',
    title: 'Dashboard',
    icon: 'Dashboard',
    screen: 'DashboardScreen',
  },
  { path: 'domain', title: 'Domain', icon: 'Language', screen: 'DomainScreen' },
  // Issue 16: the working domain's reputation (a link on the domain screen; not in the sidebar).
  { path: 'domain/reputation', title: 'Domain reputation', screen: 'DomainReputationScreen' },
  {
    path: 'suppressions',
    title: 'Suppressions',
    icon: 'Block',
    redirectTo: 'bounce',
    children: [
      { path: 'bounce', title: 'Bounce', screen: 'SuppressionsScreen' },
      { path: 'unsubscribe', title: 'Unsubscribe', screen: 'SuppressionsScreen' },
      { path: 'complaint', title: 'Complaint', screen: 'SuppressionsScreen' },
      { path: 'block', title: 'Block', screen: 'SuppressionsScreen' },
    ],
  },
  {
    path: 'allowlists',
    title: 'Allow-lists',
    icon: 'VerifiedUser',
    redirectTo: 'recipients',
    children: [
      { path: 'recipients', title: 'Recipients', screen: 'RecipientAllowlistScreen' },
      { path: 'uris', title: 'URIs', access: ADMINS, screen: 'UriAllowlistScreen' },
    ],
  },
  // Issue 13: inbound routes with their policies (accept, hold, bounce, reject), a test box, what came in.
  { path: 'routes', title: 'Routes', icon: 'AltRoute', screen: 'RoutesScreen' },
  {
    path: 'templates',
    title: 'Templates',
    icon: 'Description',
    children: [
      { path: '', title: 'Templates', screen: 'TemplatesScreen' },
      { path: ':id', title: 'Template', screen: 'TemplateDetailScreen' },
      { path: ':id/edit', title: 'Edit template', screen: 'TemplateEditScreen' },
    ],
  },
  { path: 'webhooks', title: 'Webhooks', icon: 'Webhook', screen: 'WebhooksScreen' },
  // Issue 18: bring an account over from Mailgun, SendGrid or Postmark (admins).
  { path: 'migration', title: 'Migration', icon: 'MoveDown', access: ADMINS, screen: 'MigrationScreen' },
  {
    path: 'credentials',
    title: 'Credentials',
    icon: 'Key',
    access: ADMINS,
    redirectTo: 'smtp-users',
    children: [
      { path: 'smtp-users', title: 'SMTP users', screen: 'SmtpUsersScreen' },
      { path: 'api-keys', title: 'API keys', screen: 'SendingKeysScreen' },
    ],
  },
  {
    path: 'analytics',
    title: 'Analytics',
    icon: 'Insights',
    redirectTo: 'statistics',
    children: [
      { path: 'statistics', title: 'Statistics', screen: 'StatisticsScreen' },
      { path: 'logs', title: 'Logs', screen: 'LogsScreen' },
      { path: 'deliverability', title: 'Deliverability', screen: 'DeliverabilityScreen' },
      { path: 'deliverability/:id', title: 'Deliverability test', screen: 'SeedTestScreen' },
    ],
  },
  { path: 'domains', title: 'Domains', icon: 'Dns', screen: 'DomainsScreen' },
  // Issue 11: what the built-in catch-all MX received from the customer's sandbox domain.
  { path: 'sandbox', title: 'Sandbox inbox', icon: 'Inbox', screen: 'SandboxScreen' },
  { path: 'users', title: 'Users', icon: 'Group', access: ADMINS, screen: 'UsersScreen' },
  { path: 'api-keys', title: 'API keys', icon: 'VpnKey', access: ADMINS, screen: 'ApiKeysScreen' },
  // Spec 2, token IP ranges: one key's ranges, reached from both key lists (primary here, sending under credentials).
  { path: 'api-keys/:id/ip-ranges', title: 'Token IP ranges', access: ADMINS, screen: 'TokenIpRangesScreen' },
  {
    path: 'account-settings',
    title: 'Account settings',
    icon: 'Settings',
    access: ADMINS,
    screen: 'AccountSettingsScreen',
  },
  // Issue 14: the customer's tier, usage, estimated invoice and invoices (spec 2, "Invoices (billable data)").
  { path: 'account/billing', title: 'Billing and invoices', access: ADMINS, screen: 'AccountBillingScreen' },
  {
    path: 'clients',
    title: 'Clients',
    icon: 'SupervisorAccount',
    access: ADMINS,
    screen: 'ClientsScreen',
  },
  {
    path: 'partner/overview',
    title: 'Partner overview',
    icon: 'Handshake',
    access: PARTNER_AREA,
    screen: 'PartnerOverviewScreen',
  },
  {
    path: 'vetting-list',
    title: 'Vetting',
    icon: 'FactCheck',
    access: SUPERADMIN,
    redirectTo: 'domains',
    children: [
      { path: 'domains', title: 'Domains', screen: 'DomainVettingScreen' },
      { path: 'customers', title: 'Customers', screen: 'CustomerVettingScreen' },
    ],
  },
  {
    path: 'accounts',
    title: 'Accounts',
    icon: 'Business',
    access: SUPERADMIN,
    // Also the legacy redirect "accounts to accounts/customers".
    redirectTo: 'customers',
    children: [
      { path: 'customers', title: 'Customers', screen: 'CustomersScreen' },
      // Issue 14: a customer's tier, tax, add-ons and billing items, from the customer's row.
      { path: 'customers/:cid/billing', title: 'Customer billing', screen: 'CustomerBillingScreen' },
      { path: 'domains', title: 'Domains', screen: 'AllDomainsScreen' },
    ],
  },
  {
    path: 'mta',
    title: 'MTA',
    icon: 'Rule',
    access: MTA_OPERATORS,
    redirectTo: 'smtp-patterns',
    children: [
      { path: 'smtp-patterns', title: 'SMTP patterns', screen: 'SmtpPatternsScreen' },
      { path: 'dsn-patterns', title: 'DSN patterns', screen: 'DsnPatternsScreen' },
      { path: 'bounce-category-patterns', title: 'Bounce categories', screen: 'BounceCategoryPatternsScreen' },
      { path: 'global-suppressions', title: 'Global suppressions', screen: 'GlobalSuppressionsScreen' },
    ],
  },
  {
    path: 'billing',
    title: 'Billing',
    icon: 'Payments',
    access: SUPERADMIN,
    redirectTo: 'tiers',
    children: [
      { path: 'tiers', title: 'Tiers', screen: 'TiersScreen' },
      { path: 'add-ons', title: 'Add-ons', screen: 'AddonsScreen' },
    ],
  },
  {
    path: 'ip-management',
    title: 'IP management',
    icon: 'Router',
    access: SUPERADMIN,
    redirectTo: 'ips',
    children: [
      { path: 'ips', title: 'IP addresses', screen: 'IpsScreen' },
      { path: 'ip-reputations', title: 'IP reputations', screen: 'IpReputationsScreen' },
      { path: 'ip-reputations/:ip', title: 'IP reputation', screen: 'IpReputationScreen' },
    ],
  },
  {
    path: 'uri-blocklist',
    title: 'URI blocklist',
    icon: 'LinkOff',
    access: SUPERADMIN,
    screen: 'UriBlocklistScreen',
  },
  {
    path: 'monitoring',
    title: 'Monitoring',
    icon: 'MonitorHeart',
    access: SUPERADMIN,
    redirectTo: 'rabbitmq',
    children: [
      { path: 'stats', title: 'Stats', screen: 'GlobalStatsScreen' },
      { path: 'rabbitmq', title: 'Queues', screen: 'QueuesScreen' },
      { path: 'webhooks', title: 'Webhooks', screen: 'DeferredWebhooksScreen' },
      { path: 'autobans', title: 'Auto-bans', screen: 'AutobansScreen' },
    ],
  },
  {
    path: 'partner-management/partners',
    title: 'Partners',
    icon: 'Diversity3',
    access: SUPERADMIN,
    screen: 'PartnerManagementScreen',
  },
];

/** Spec 2, legacy redirects ("accounts to accounts/customers" is the accounts section's own redirect above). */
export const LEGACY_REDIRECTS: RedirectRoute[] = [
  { path: 'partner/referrals', to: '/partner/overview' },
  { path: 'tiers', to: '/billing/tiers' },
];

const LoginScreen = lazy(() => import('../features/auth/LoginScreen.tsx'));
const LogoutScreen = lazy(() => import('../features/auth/LogoutScreen.tsx'));
const ForgottenPasswordScreen = lazy(() => import('../features/auth/ForgottenPasswordScreen.tsx'));
const NewPasswordScreen = lazy(() => import('../features/auth/NewPasswordScreen.tsx'));
const InviteScreen = lazy(() => import('../features/auth/InviteScreen.tsx'));
const VettingFormScreen = lazy(() => import('../features/vetting/VettingFormScreen.tsx'));
// /invite: an account invitation (clients) or a partner's referral link (partners), chosen by its query.
const InviteRoute = lazy(() => import('./InviteRoute.tsx'));
const JoinScreen = lazy(() => import('../features/clients/JoinScreen.tsx'));
const PaymentResultScreen = lazy(() => import('../features/invoices/PaymentResultScreen.tsx'));

/** Spec 2, guest routes: they open without a token. */
export const GUEST_ROUTES: ScreenRoute[] = [
  { path: 'auth/login', title: 'Sign in', screen: LoginScreen },
  { path: 'auth/logout', title: 'Signing out', screen: LogoutScreen },
  { path: 'auth/forgotten-password', title: 'Forgotten password', screen: ForgottenPasswordScreen },
  { path: 'auth/reset/:token', title: 'Choose a new password', screen: NewPasswordScreen },
  { path: 'auth/activate/:token', title: 'Activate your account', screen: NewPasswordScreen },
  { path: 'auth/invite/:token', title: 'Invitation', screen: InviteScreen },
  { path: 'payment/success', title: 'Payment received', screen: PaymentResultScreen },
  { path: 'payment/cancel', title: 'Payment cancelled', screen: PaymentResultScreen },
  { path: 'invite', title: 'Invitation', screen: InviteRoute },
  { path: 'vetting/:token', title: 'Vetting form', screen: VettingFormScreen },
  { path: 'join/:token', title: 'Join request', screen: JoinScreen },
];

/** The route a signed-in user starts on: "The default route redirects to dashboard". */
export const DEFAULT_ROUTE = '/dashboard';
