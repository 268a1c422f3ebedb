/** Business constants of spec section 9, in one place for server and console. */
export const SNACKBAR_NOTIFICATION_MS = 2000;
export const SNACKBAR_ERROR_MS = 5000;
export const PERIODIC_REFRESH_MS = 20000;
export const RECONNECT_PING_MS = 5000;
export const LOGIN_STATUS_TIMEOUT_MS = 5000;
export const MAX_FAILED_PINGS = 5;
export const RELOAD_DELAY_MS = 3000;
export const INVITE_REDIRECT_MS = 5000;
export const PERSIST_CODE_DAYS = 30;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

export const PAGE_SIZES = {
  domains: 50,
  allDomains: 20,
  customers: 15,
  suppressions: 10,
  logs: 20,
  patterns: 50,
  subaccounts: 50,
  tiers: 0,
  dashboardDomains: 9,
  allCustomers: 0,
  countries: 1000,
} as const;

export const STORAGE_KEYS = {
  appConfig: 'app_config',
  dismissedNews: 'dismissed_news',
  totpCode: 'totp_code',
  activeTheme: 'active_theme',
  idToken: 'id_token',
} as const;

export const THEMES = ['dark', 'light'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'dark';

export const TIME_FRAME_PRESETS = ['week', '3weeks', 'month', '3months', 'year', 'custom'] as const;
export type TimeFramePreset = (typeof TIME_FRAME_PRESETS)[number];

export const ACTIONS = [
  'accepted',
  'delivered',
  'queued',
  'hardbounce',
  'softbounce',
  'opened',
  'clicked',
  'complained',
  'unsubscribed',
  'rejected',
] as const;
export type Action = (typeof ACTIONS)[number];
export const CHANNEL_PREFIXES = ['sms:', 'seedtest:', 'journal:', 'botapi:'] as const;

export const BOUNCE_CATEGORIES = [
  'bad-mailbox',
  'inactive-mailbox',
  'bad-domain',
  'invalid-mailbox',
  'quota-issues',
  'spam-related',
  'policy-related',
  'content-related',
  'routing-errors',
  'unreachable-mx',
  'message-expired',
  'no-answer-from-host',
  'protocol-errors',
  'relaying-issues',
  'virus-related',
  'bad-connection',
  'bad-configuration',
  'invalid-sender',
  'other',
] as const;
export type BounceCategory = (typeof BOUNCE_CATEGORIES)[number];

export const DEFAULT_VISIBLE_SERIES = [
  'hardbounce',
  'softbounce',
  'delivered',
  'rejected',
  'invalid-mailbox',
  'other',
  'routing-errors',
  'quota-issues',
  'unreachable-mx',
  'inactive-mailbox',
] as const;
