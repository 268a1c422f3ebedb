import { type Access, ADMINS, MTA_OPERATORS, PARTNER_AREA, SUPERADMIN } from '@mailwright/contract';
import type { SvgIconComponent } from '@mui/icons-material';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import BlockIcon from '@mui/icons-material/Block';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import Diversity3Icon from '@mui/icons-material/Diversity3';
import DnsIcon from '@mui/icons-material/Dns';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupIcon from '@mui/icons-material/Group';
import HandshakeIcon from '@mui/icons-material/Handshake';
import InsightsIcon from '@mui/icons-material/Insights';
import KeyIcon from '@mui/icons-material/Key';
import LanguageIcon from '@mui/icons-material/Language';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PaymentsIcon from '@mui/icons-material/Payments';
import RouterIcon from '@mui/icons-material/Router';
import RuleIcon from '@mui/icons-material/Rule';
import SettingsIcon from '@mui/icons-material/Settings';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WebhookIcon from '@mui/icons-material/Webhook';
import { type ComponentType, lazy } from 'react';

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
  /** Routes with an icon appear in the sidebar. */
  icon?: SvgIconComponent;
  /** "redirects to …": the child the bare section path opens. */
  redirectTo?: string;
  screen?: ComponentType;
  /** For a screen not built yet: what brings it (shown on the placeholder). */
  arrivesWith?: string;
  children?: ScreenRoute[];
}

/** A route that only forwards (spec 2, legacy redirects). */
export interface RedirectRoute {
  path: string;
  to: string;
}

const AccountSettingsScreen = lazy(() => import('../features/account-settings/AccountSettingsScreen.tsx'));
const StatisticsScreen = lazy(() => import('../features/statistics/StatisticsScreen.tsx'));
const WebhooksScreen = lazy(() => import('../features/webhooks/WebhooksScreen.tsx'));
const DeferredWebhooksScreen = lazy(() => import('../features/monitoring/DeferredWebhooksScreen.tsx'));
const GlobalStatsScreen = lazy(() => import('../features/monitoring/GlobalStatsScreen.tsx'));
const CustomersScreen = lazy(() => import('../features/customers/CustomersScreen.tsx'));
const ApiKeysScreen = lazy(() => import('../features/api-keys/ApiKeysScreen.tsx'));
const UsersScreen = lazy(() => import('../features/users/UsersScreen.tsx'));

// List hygiene and operator rules: patterns, suppressions, allow-lists, URI blocklist.
const SmtpPatternsScreen = lazy(() => import('../features/patterns/SmtpPatternsScreen.tsx'));
const DsnPatternsScreen = lazy(() => import('../features/patterns/DsnPatternsScreen.tsx'));
const BounceCategoryPatternsScreen = lazy(() => import('../features/patterns/BounceCategoryPatternsScreen.tsx'));
const GlobalSuppressionsScreen = lazy(() => import('../features/global-suppressions/GlobalSuppressionsScreen.tsx'));
const SuppressionsScreen = lazy(() => import('../features/suppressions/SuppressionsScreen.tsx'));
const RecipientAllowlistScreen = lazy(() => import('../features/allowlists/RecipientAllowlistScreen.tsx'));
const UriAllowlistScreen = lazy(() => import('../features/allowlists/UriAllowlistScreen.tsx'));
const UriBlocklistScreen = lazy(() => import('../features/uri-blocklist/UriBlocklistScreen.tsx'));

// The mail engine's console screens: domains, credentials, dashboard and logs.
const DomainScreen = lazy(() => import('../features/domains/DomainScreen.tsx'));
const DomainsScreen = lazy(() => import('../features/domains/DomainsScreen.tsx'));
const AllDomainsScreen = lazy(() => import('../features/domains/AllDomainsScreen.tsx'));
const SmtpUsersScreen = lazy(() => import('../features/credentials/SmtpUsersScreen.tsx'));
const SendingKeysScreen = lazy(() => import('../features/credentials/SendingKeysScreen.tsx'));
const DashboardScreen = lazy(() => import('../features/dashboard/DashboardScreen.tsx'));
const LogsScreen = lazy(() => import('../features/logs/LogsScreen.tsx'));

/** Everything under / that needs a signed-in user. The default route / redirects to dashboard. */
export const SCREEN_ROUTES: ScreenRoute[] = [
  {
    path: 'dashboard',
    title: 'Dashboard',
    icon: DashboardIcon,
    screen: DashboardScreen,
  },
  { path: 'domain', title: 'Domain', icon: LanguageIcon, screen: DomainScreen },
  {
    path: 'suppressions',
    title: 'Suppressions',
    icon: BlockIcon,
    redirectTo: 'bounce',
    children: [
      { path: 'bounce', title: 'Bounce', screen: SuppressionsScreen },
      { path: 'unsubscribe', title: 'Unsubscribe', screen: SuppressionsScreen },
      { path: 'complaint', title: 'Complaint', screen: SuppressionsScreen },
      { path: 'block', title: 'Block', screen: SuppressionsScreen },
    ],
  },
  {
    path: 'allowlists',
    title: 'Allow-lists',
    icon: VerifiedUserIcon,
    redirectTo: 'recipients',
    children: [
      { path: 'recipients', title: 'Recipients', screen: RecipientAllowlistScreen },
      { path: 'uris', title: 'URIs', access: ADMINS, screen: UriAllowlistScreen },
    ],
  },
  { path: 'routes', title: 'Routes', icon: AltRouteIcon, arrivesWith: 'the routes feature: routes with policies' },
  {
    path: 'templates',
    title: 'Templates',
    icon: DescriptionIcon,
    children: [
      { path: '', title: 'Templates', arrivesWith: 'the templates feature: the template list' },
      { path: ':id', title: 'Template', arrivesWith: 'the templates feature: the template detail' },
      { path: ':id/edit', title: 'Edit template', arrivesWith: 'the templates feature: the template editor' },
    ],
  },
  { path: 'webhooks', title: 'Webhooks', icon: WebhookIcon, screen: WebhooksScreen },
  {
    path: 'credentials',
    title: 'Credentials',
    icon: KeyIcon,
    access: ADMINS,
    redirectTo: 'smtp-users',
    children: [
      { path: 'smtp-users', title: 'SMTP users', screen: SmtpUsersScreen },
      { path: 'api-keys', title: 'API keys', screen: SendingKeysScreen },
    ],
  },
  {
    path: 'analytics',
    title: 'Analytics',
    icon: InsightsIcon,
    redirectTo: 'statistics',
    children: [
      { path: 'statistics', title: 'Statistics', screen: StatisticsScreen },
      { path: 'logs', title: 'Logs', screen: LogsScreen },
      { path: 'deliverability', title: 'Deliverability', arrivesWith: 'the seed tests feature: deliverability' },
      { path: 'deliverability/:id', title: 'Deliverability test', arrivesWith: 'the seed tests feature' },
    ],
  },
  { path: 'domains', title: 'Domains', icon: DnsIcon, screen: DomainsScreen },
  { path: 'users', title: 'Users', icon: GroupIcon, access: ADMINS, screen: UsersScreen },
  { path: 'api-keys', title: 'API keys', icon: VpnKeyIcon, access: ADMINS, screen: ApiKeysScreen },
  {
    path: 'account-settings',
    title: 'Account settings',
    icon: SettingsIcon,
    access: ADMINS,
    screen: AccountSettingsScreen,
  },
  {
    path: 'clients',
    title: 'Clients',
    icon: SupervisorAccountIcon,
    access: ADMINS,
    arrivesWith: 'the sub-accounts feature: clients and join requests',
  },
  {
    path: 'partner/overview',
    title: 'Partner overview',
    icon: HandshakeIcon,
    access: PARTNER_AREA,
    arrivesWith: 'the partners feature: plans, referrals and payouts',
  },
  {
    path: 'vetting-list',
    title: 'Vetting',
    icon: FactCheckIcon,
    access: SUPERADMIN,
    redirectTo: 'domains',
    children: [
      { path: 'domains', title: 'Domains', arrivesWith: 'the vetting feature: domain vetting' },
      { path: 'customers', title: 'Customers', arrivesWith: 'the vetting feature: customer vetting' },
    ],
  },
  {
    path: 'accounts',
    title: 'Accounts',
    icon: BusinessIcon,
    access: SUPERADMIN,
    // Also the legacy redirect "accounts to accounts/customers".
    redirectTo: 'customers',
    children: [
      { path: 'customers', title: 'Customers', screen: CustomersScreen },
      { path: 'domains', title: 'Domains', screen: AllDomainsScreen },
    ],
  },
  {
    path: 'mta',
    title: 'MTA',
    icon: RuleIcon,
    access: MTA_OPERATORS,
    redirectTo: 'smtp-patterns',
    children: [
      { path: 'smtp-patterns', title: 'SMTP patterns', screen: SmtpPatternsScreen },
      { path: 'dsn-patterns', title: 'DSN patterns', screen: DsnPatternsScreen },
      { path: 'bounce-category-patterns', title: 'Bounce categories', screen: BounceCategoryPatternsScreen },
      { path: 'global-suppressions', title: 'Global suppressions', screen: GlobalSuppressionsScreen },
    ],
  },
  {
    path: 'billing',
    title: 'Billing',
    icon: PaymentsIcon,
    access: SUPERADMIN,
    redirectTo: 'tiers',
    children: [
      { path: 'tiers', title: 'Tiers', arrivesWith: 'the billing feature: billing tiers' },
      { path: 'add-ons', title: 'Add-ons', arrivesWith: 'the billing feature: add-ons' },
    ],
  },
  {
    path: 'ip-management',
    title: 'IP management',
    icon: RouterIcon,
    access: SUPERADMIN,
    redirectTo: 'ips',
    children: [
      { path: 'ips', title: 'IP addresses', arrivesWith: 'the IP management feature: IP addresses and pools' },
      { path: 'ip-reputations', title: 'IP reputations', arrivesWith: 'the IP reputation feature' },
      { path: 'ip-reputations/:ip', title: 'IP reputation', arrivesWith: 'the IP reputation feature' },
    ],
  },
  {
    path: 'uri-blocklist',
    title: 'URI blocklist',
    icon: LinkOffIcon,
    access: SUPERADMIN,
    screen: UriBlocklistScreen,
  },
  {
    path: 'monitoring',
    title: 'Monitoring',
    icon: MonitorHeartIcon,
    access: SUPERADMIN,
    redirectTo: 'rabbitmq',
    children: [
      { path: 'stats', title: 'Stats', screen: GlobalStatsScreen },
      { path: 'rabbitmq', title: 'RabbitMQ', arrivesWith: 'the monitoring feature: queues' },
      { path: 'webhooks', title: 'Webhooks', screen: DeferredWebhooksScreen },
      { path: 'autobans', title: 'Auto-bans', arrivesWith: 'the monitoring feature: user and IP auto-bans' },
    ],
  },
  {
    path: 'partner-management/partners',
    title: 'Partners',
    icon: Diversity3Icon,
    access: SUPERADMIN,
    arrivesWith: 'the partners feature: the partner list',
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

/** Spec 2, guest routes: they open without a token. */
export const GUEST_ROUTES: ScreenRoute[] = [
  { path: 'auth/login', title: 'Sign in', screen: LoginScreen },
  { path: 'auth/logout', title: 'Signing out', screen: LogoutScreen },
  { path: 'auth/forgotten-password', title: 'Forgotten password', screen: ForgottenPasswordScreen },
  { path: 'auth/reset/:token', title: 'Choose a new password', screen: NewPasswordScreen },
  { path: 'auth/activate/:token', title: 'Activate your account', screen: NewPasswordScreen },
  { path: 'auth/invite/:token', title: 'Invitation', screen: InviteScreen },
  { path: 'payment/success', title: 'Payment received', arrivesWith: 'the billing feature: payment confirmation' },
  { path: 'payment/cancel', title: 'Payment cancelled', arrivesWith: 'the billing feature: payment confirmation' },
  { path: 'invite', title: 'Invitation', arrivesWith: 'the accounts feature: invitations' },
  { path: 'vetting/:token', title: 'Vetting form', arrivesWith: 'the vetting feature: the vetting form' },
  { path: 'join/:token', title: 'Join request', arrivesWith: 'the sub-accounts feature: join requests' },
];

/** The route a signed-in user starts on: "The default route redirects to dashboard". */
export const DEFAULT_ROUTE = '/dashboard';
