import { resolve } from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from './server-root.ts';

const ROLE_NAMES = ['api', 'smtp', 'worker', 'events'] as const;
export type ServerRole = (typeof ROLE_NAMES)[number];

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));

/** Every setting comes from the environment; `.env.example` documents each one. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  MAILWRIGHT_SECRET_KEYS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),
  MAILWRIGHT_ADMIN_USERNAME: z.string().default('admin'),
  MAILWRIGHT_ADMIN_PASSWORD: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  LOGIN_MAX_FAILURES_PER_USER: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  // Domains and DNS (see .env.example, "Sending domains and DNS").
  MAIL_HOSTNAME: z.string().trim().toLowerCase().default('localhost'),
  SPF_INCLUDE: z.string().trim().toLowerCase().optional(),
  INBOUND_MX_HOST: z.string().trim().toLowerCase().optional(),
  TRACKING_HOST: z.string().trim().toLowerCase().optional(),
  DNS_SERVERS: z.string().default(''),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1000),
  // Mail engine (see .env.example, "Mail engine").
  SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_TLS_CERT: z.string().optional(),
  SMTP_TLS_KEY: z.string().optional(),
  SMTP_MAX_SIZE: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  SMTP_ALLOW_INSECURE_AUTH: bool.default(false),
  OUTBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(10),
  DELIVERY_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(2000),
  DELIVERY_LEASE_SECONDS: z.coerce.number().positive().default(300),
  RETRY_SCHEDULE_SECONDS: z.string().default('60,300,900,1800,3600,7200,14400'),
  RETRY_EXPIRY_HOURS: z.coerce.number().positive().default(72),
  MX_CACHE_SECONDS: z.coerce.number().min(0).default(300),
  SYSTEM_MAIL_DOMAIN: z.string().trim().toLowerCase().optional(),
  SYSTEM_MAIL_FROM: z.string().trim().optional(),
  // List hygiene (see .env.example, "Bounces, complaints and backoff").
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2526),
  INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
  INBOUND_MAX_SIZE: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  SOFT_SUPPRESSION_HOURS: z.coerce.number().positive().default(24),
  BACKOFF_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  BACKOFF_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(1),
  BACKOFF_SEND_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  BACKOFF_RETRY_SECONDS: z.coerce.number().positive().default(900),
  // Webhooks (see .env.example, "Webhooks").
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  // Seed tests (see .env.example, "Seed tests").
  SEED_TEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  SEED_POLL_SECONDS: z.coerce.number().positive().max(3600).default(15),
  SEED_ALLOW_PRIVATE: bool.default(false),
  // The sandbox (see .env.example, "Sandbox").
  SANDBOX: z.enum(['on', 'off']).optional(),
  SANDBOX_MX_PORT: z.coerce.number().int().min(0).max(65535).default(2527),
  // Payment (see .env.example, "Payment (Stripe)").
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  STRIPE_API_BASE: z.url().optional(),
  // Migration from other providers (see .env.example, "Migration"): their API hosts, settings so tests use fakes.
  MIGRATION_MAILGUN_US_URL: z.url().default('https://api.mailgun.net'),
  MIGRATION_MAILGUN_EU_URL: z.url().default('https://api.eu.mailgun.net'),
  MIGRATION_SENDGRID_URL: z.url().default('https://api.sendgrid.com'),
  MIGRATION_POSTMARK_URL: z.url().default('https://api.postmarkapp.com'),
  // Metrics (see .env.example, "Metrics").
  METRICS_TOKEN: z.string().trim().min(16, 'use at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // Event bus (see .env.example, "Event bus").
  AMQP_URL: z
    .string()
    .trim()
    .regex(/^amqps?:\/\//, 'use amqp://user:password@host:5672/vhost')
    .optional()
    .or(z.literal('')),
  AMQP_MANAGEMENT_URL: z.url().optional().or(z.literal('')),
  AMQP_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]{0,100}$/, 'letters, digits, dots, dashes')
    .default('mailwright.'),
  // Reputation (see .env.example, "IP and domain reputation").
  REPUTATION_CHECK_MINUTES: z.coerce.number().int().min(0).max(10_080).default(360),
  REPUTATION_DNS_SERVERS: z.string().default(''),
  REPUTATION_DNSWL_ZONE: z.string().trim().toLowerCase().default('list.dnswl.org'),
  REPUTATION_SENDERSCORE_ZONE: z.string().trim().toLowerCase().default('score.senderscore.com'),
  REPUTATION_IP_BLOCKLISTS: z.string().default('zen.spamhaus.org,bl.spamcop.net,b.barracudacentral.org'),
  REPUTATION_DOMAIN_BLOCKLISTS: z.string().default('dbl.spamhaus.org'),
  REPUTATION_AMI_WHITE_ZONE: z.string().trim().toLowerCase().optional(),
  SNDS_URL: z.url().default('https://sendersupport.olc.protection.outlook.com/snds/data.aspx'),
  SNDS_KEY: z.string().trim().optional(),
});

export interface Config {
  env: string;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** `id:base64key,…` (the first seals): the keys secrets at rest are encrypted with; unset: $DATA_DIR/secret.key. */
  secretKeys: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logPretty: boolean;
  adminUsername: string;
  adminPassword: string | undefined;
  sessionTtlHours: number;
  loginMaxFailuresPerUser: number;
  loginMaxFailuresPerIp: number;
  loginFailureWindowMinutes: number;
  webDistDir: string;
  trustProxy: boolean;
  /** Our public mail host name; the defaults of the DNS records below derive from it. */
  mailHostname: string;
  /** What a customer's SPF record must include (`include:<spfInclude>`). */
  spfInclude: string;
  /** Where a domain's return-path (bounce) host must point its MX. */
  inboundMxHost: string;
  /** The CNAME target of a domain's tracking host. */
  trackingHost: string;
  /** Resolvers as host[:port]; empty means the system resolver. Tests point it at a local DNS server. */
  dnsServers: string[];
  dnsTimeoutMs: number;
  /** Mail engine: submission listener, delivery and retries (see .env.example, "Mail engine"). */
  smtpPort: number;
  smtpHost: string;
  smtpTlsCert: string | undefined;
  smtpTlsKey: string | undefined;
  smtpMaxSize: number;
  smtpAllowInsecureAuth: boolean;
  /** 25 in production; tests point it at the local MX sink. */
  outboundSmtpPort: number;
  /** Connections per destination MX host, all worker processes together (mail/delivery/destination-limits.ts). */
  deliveryConcurrency: number;
  /** Queue rows a worker process holds at once. */
  deliveryMaxInFlight: number;
  /** How long a claimed queue row stays invisible to other workers; after a crash it is retried then. */
  deliveryLeaseSeconds: number;
  /** Delay before each retry after a temporary failure; the last one repeats until expiry. */
  retryScheduleSeconds: number[];
  retryExpiryHours: number;
  mxCacheSeconds: number;
  /** The customer domain platform mail (resets, invitations) is sent from; unset keeps it in the outbox. */
  systemMailDomain: string | undefined;
  systemMailFrom: string | undefined;
  /** The inbound MX (DSNs and ARF reports to VERP addresses): 25 in production. */
  inboundSmtpPort: number;
  inboundSmtpHost: string;
  inboundMaxSize: number;
  /** How long a hard bounce of a soft category (quota-issues, spam-related, …) keeps a recipient suppressed. */
  softSuppressionHours: number;
  /** Backoff length when the SMTP pattern that triggered it names none. */
  backoffMinutes: number;
  /** Connections per destination while it is in backoff. */
  backoffConcurrency: number;
  /** Least time between two sends to a destination in backoff. */
  backoffSendIntervalMs: number;
  /** A retry to a destination in backoff waits at least this long. */
  backoffRetrySeconds: number;
  /** Whether webhook URLs may point at loopback or private networks (tests, on-premises receivers). */
  webhookAllowPrivate: boolean;
  /** Seed tests: how long a test waits for its message in each seed mailbox, and how often it looks. */
  seedTestTimeoutSeconds: number;
  seedPollSeconds: number;
  /** Whether seed mailboxes' IMAP hosts may be loopback or private addresses (tests, an on-premises mail server). */
  seedAllowPrivate: boolean;
  /** Whether sandbox domains send (to the built-in catch-all MX); on by default with PGlite, off with DATABASE_URL. */
  sandbox: boolean;
  /** The loopback port of the catch-all MX the worker role runs (0: any free port). */
  sandboxMxPort: number;
  /** Stripe: payment is on when both keys are set; the API base is Stripe's unless a test points it at a fake. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | null;
  /** The providers' API base URLs the migration calls (operator settings, never customer input). */
  migrationApis: { mailgunUs: string; mailgunEu: string; sendgrid: string; postmark: string };
  /** Bearer token that opens /metrics (Prometheus); unset: /metrics answers 404. */
  metricsToken: string | undefined;
  /** A port of its own for /metrics, for processes without the api role (smtp, worker); unset: none. */
  metricsPort: number | undefined;
  /** RabbitMQ as the event bus (docs/event-bus.md): unset, the database outbox alone carries events (the default). */
  amqp: { url: string; prefix: string; managementUrl: string | undefined } | null;
  /** IP and domain reputation checks (features/reputation, jobs/reputation.job.ts). */
  reputation: ReputationConfig;
}

export interface ReputationConfig {
  /** How often the job checks every sending IP (0: never); each check writes the UTC day's rows. */
  checkMinutes: number;
  /** Resolvers for list queries (your own recursive resolver: public ones are refused); empty: DNS_SERVERS. */
  dnsServers: string[];
  dnswlZone: string;
  senderScoreZone: string;
  ipBlocklists: string[];
  domainBlocklists: string[];
  /** The operator's own allow-list zone (ami_white); unset: not checked. */
  amiWhiteZone: string | undefined;
  sndsUrl: string;
  /** The SNDS data-access key from the environment; one stored sealed in server_secrets (snds_key) wins. */
  sndsKey: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const port = overrides.port ?? e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    secretKeys: e.MAILWRIGHT_SECRET_KEYS?.trim() || undefined,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? Boolean(process.stdout.isTTY),
    adminUsername: e.MAILWRIGHT_ADMIN_USERNAME,
    adminPassword: e.MAILWRIGHT_ADMIN_PASSWORD || undefined,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    loginMaxFailuresPerUser: e.LOGIN_MAX_FAILURES_PER_USER,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginFailureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    webDistDir: resolve(e.WEB_DIST_DIR ?? resolve(SERVER_ROOT, '../web/dist')),
    trustProxy: e.TRUST_PROXY,
    mailHostname: e.MAIL_HOSTNAME,
    spfInclude: e.SPF_INCLUDE || `_spf.${e.MAIL_HOSTNAME}`,
    inboundMxHost: e.INBOUND_MX_HOST || e.MAIL_HOSTNAME,
    trackingHost: e.TRACKING_HOST || e.MAIL_HOSTNAME,
    dnsServers: e.DNS_SERVERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dnsTimeoutMs: e.DNS_TIMEOUT_MS,
    smtpPort: e.SMTP_PORT,
    smtpHost: e.SMTP_HOST,
    smtpTlsCert: e.SMTP_TLS_CERT || undefined,
    smtpTlsKey: e.SMTP_TLS_KEY || undefined,
    smtpMaxSize: e.SMTP_MAX_SIZE,
    smtpAllowInsecureAuth: e.SMTP_ALLOW_INSECURE_AUTH,
    outboundSmtpPort: e.OUTBOUND_SMTP_PORT,
    deliveryConcurrency: e.DELIVERY_CONCURRENCY,
    deliveryMaxInFlight: e.DELIVERY_MAX_IN_FLIGHT,
    deliveryLeaseSeconds: e.DELIVERY_LEASE_SECONDS,
    retryScheduleSeconds: parseSchedule(e.RETRY_SCHEDULE_SECONDS),
    retryExpiryHours: e.RETRY_EXPIRY_HOURS,
    mxCacheSeconds: e.MX_CACHE_SECONDS,
    systemMailDomain: e.SYSTEM_MAIL_DOMAIN || undefined,
    systemMailFrom: e.SYSTEM_MAIL_FROM || undefined,
    inboundSmtpPort: e.INBOUND_SMTP_PORT,
    inboundSmtpHost: e.INBOUND_SMTP_HOST,
    inboundMaxSize: e.INBOUND_MAX_SIZE,
    softSuppressionHours: e.SOFT_SUPPRESSION_HOURS,
    backoffMinutes: e.BACKOFF_MINUTES,
    backoffConcurrency: e.BACKOFF_CONCURRENCY,
    backoffSendIntervalMs: e.BACKOFF_SEND_INTERVAL_MS,
    backoffRetrySeconds: e.BACKOFF_RETRY_SECONDS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    seedTestTimeoutSeconds: e.SEED_TEST_TIMEOUT_SECONDS,
    seedPollSeconds: e.SEED_POLL_SECONDS,
    seedAllowPrivate: e.SEED_ALLOW_PRIVATE,
    sandbox: e.SANDBOX ? e.SANDBOX === 'on' : !e.DATABASE_URL,
    sandboxMxPort: e.SANDBOX_MX_PORT,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : null,
    migrationApis: {
      mailgunUs: e.MIGRATION_MAILGUN_US_URL,
      mailgunEu: e.MIGRATION_MAILGUN_EU_URL,
      sendgrid: e.MIGRATION_SENDGRID_URL,
      postmark: e.MIGRATION_POSTMARK_URL,
    },
    metricsToken: e.METRICS_TOKEN || undefined,
    metricsPort: e.METRICS_PORT,
    amqp: e.AMQP_URL
      ? { url: e.AMQP_URL, prefix: e.AMQP_PREFIX, managementUrl: e.AMQP_MANAGEMENT_URL || undefined }
      : null,
    reputation: {
      checkMinutes: e.REPUTATION_CHECK_MINUTES,
      dnsServers: splitList(e.REPUTATION_DNS_SERVERS),
      dnswlZone: e.REPUTATION_DNSWL_ZONE,
      senderScoreZone: e.REPUTATION_SENDERSCORE_ZONE,
      ipBlocklists: splitList(e.REPUTATION_IP_BLOCKLISTS.toLowerCase()),
      domainBlocklists: splitList(e.REPUTATION_DOMAIN_BLOCKLISTS.toLowerCase()),
      amiWhiteZone: e.REPUTATION_AMI_WHITE_ZONE || undefined,
      sndsUrl: e.SNDS_URL,
      sndsKey: e.SNDS_KEY || undefined,
    },
    ...overrides,
  };
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function parseSchedule(value: string): number[] {
  const delays = value.split(',').map((v) => Number(v.trim()));
  if (!delays.length || delays.some((d) => !Number.isFinite(d) || d <= 0)) {
    throw new Error('Invalid configuration: RETRY_SCHEDULE_SECONDS must be positive numbers separated by commas');
  }
  return delays;
}

export function parseRoles(value: string): ServerRole[] {
  const roles = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const role of roles) {
    if (!(ROLE_NAMES as readonly string[]).includes(role)) {
      throw new Error(`Unknown role "${role}"; roles are ${ROLE_NAMES.join(', ')}`);
    }
  }
  return roles as ServerRole[];
}
export const ALL_ROLES: ServerRole[] = [...ROLE_NAMES];
