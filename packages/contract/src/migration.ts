import { z } from 'zod';
import { id, listOf } from './common.ts';
import { domainName } from './domains.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMINS } from './roles.ts';

/**
 * Migration from another provider (spec 1/2/3/5/7, issue 18): list the provider's domains with the customer's API
 * credentials, then import one domain's suppressions, templates, webhooks and routes into one of ours as a resumable
 * job, and follow its progress.
 */

/** Spec 3 `integration`. */
export const MIGRATION_PROVIDERS = ['mailgun', 'sendgrid', 'postmark'] as const;
export type MigrationProvider = (typeof MIGRATION_PROVIDERS)[number];
export const MIGRATION_PROVIDER_NAMES: Record<MigrationProvider, string> = {
  mailgun: 'Mailgun',
  sendgrid: 'SendGrid',
  postmark: 'Postmark',
};

/** Spec 3 `instance`: Mailgun's US or EU region; the others have one API host. */
export const MIGRATION_INSTANCES = ['us', 'eu'] as const;
export type MigrationInstance = (typeof MIGRATION_INSTANCES)[number];

/** Spec 3 `methods`: what comes over, in the order the job runs them. */
export const MIGRATION_METHODS = ['domain', 'suppressions', 'templates', 'webhooks', 'routes'] as const;
export type MigrationMethod = (typeof MIGRATION_METHODS)[number];

export const MIGRATION_STATES = ['draft', 'running', 'done', 'failed', 'cancelled'] as const;
export type MigrationState = (typeof MIGRATION_STATES)[number];
export const MIGRATION_STEP_STATES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;

const token = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(500, 'An API key has at most 500 characters')
  .regex(/^[\x21-\x7e]+$/, 'An API key is printable characters without spaces');

/** POST /migration/domains: the provider and its credentials. `api_user` is Postmark's server token (optional). */
export const migrationCredentials = z.object({
  integration: z.enum(MIGRATION_PROVIDERS, { error: 'Choose Mailgun, SendGrid or Postmark' }),
  instance: z.enum(MIGRATION_INSTANCES, { error: 'Choose US or EU' }).default('us'),
  api_user: token.optional().or(z.literal('').transform(() => undefined)),
  api_token: token,
});
export type MigrationCredentials = z.input<typeof migrationCredentials>;

/** One DNS record, as the provider shows it or as we want it. */
export const migrationDnsRecord = z.object({ type: z.string(), host: z.string(), value: z.string() });
export type MigrationDnsRecord = z.infer<typeof migrationDnsRecord>;

export const providerDomainSchema = z.object({
  name: z.string(),
  /** The provider's own words (active, unverified, verified, …). */
  state: z.string(),
  records: z.array(migrationDnsRecord),
});
export type ProviderDomain = z.infer<typeof providerDomainSchema>;

/** The draft migration the credentials are kept on (sealed) until it is started, and the provider's domains. */
export const migrationDomainList = z.object({ id: z.number().int(), items: z.array(providerDomainSchema) });
export type MigrationDomainList = z.infer<typeof migrationDomainList>;

/** PUT /migration/:id: start a draft with the choices. Cancelling is DELETE /migration/:id. */
export const migrationStart = z.object({
  from_domain: z.string().trim().toLowerCase().min(1, 'This field is required').max(253),
  target_domain: domainName,
  /** A client (sub-account) of the customer that receives the domain; none: the customer itself. */
  subaccount: id.nullish(),
  methods: z
    .array(z.enum(MIGRATION_METHODS, { error: `Choose from ${MIGRATION_METHODS.join(', ')}` }))
    .min(1, 'Choose what to bring over')
    .max(MIGRATION_METHODS.length),
});
export type MigrationStart = z.input<typeof migrationStart>;

export const migrationStepSchema = z.object({
  method: z.enum(MIGRATION_METHODS),
  state: z.enum(MIGRATION_STEP_STATES),
  done: z.number().int(),
  /** Known once the provider said so (a list with a total), else the count so far. */
  total: z.number().int().nullable(),
  warnings: z.array(z.string()),
  errors: z.array(z.string()),
});
export type MigrationStep = z.infer<typeof migrationStepSchema>;

/** What was not brought over, and why (e.g. a route whose expression does not map). */
export const migrationSkippedSchema = z.object({
  method: z.enum(MIGRATION_METHODS),
  item: z.string(),
  reason: z.string(),
});

export const migrationDnsChange = z.object({
  type: z.string(),
  host: z.string(),
  /** The value to publish for us. */
  value: z.string(),
  /** What the provider has at this host now (its own records), if any. */
  current: z.string().nullable(),
});

export const migrationSchema = z.object({
  id: z.number().int(),
  integration: z.enum(MIGRATION_PROVIDERS),
  instance: z.enum(MIGRATION_INSTANCES),
  from_domain: z.string().nullable(),
  target_domain: z.string().nullable(),
  target_domain_id: z.number().int().nullable(),
  subaccount: z.number().int().nullable(),
  methods: z.array(z.enum(MIGRATION_METHODS)),
  status: z.enum(MIGRATION_STATES),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Migration = z.infer<typeof migrationSchema>;

export const migrationStatusSchema = migrationSchema.extend({
  steps: z.array(migrationStepSchema),
  report: z.object({
    /** Publish these for the target domain; `current` is what the provider has there now. */
    dns: z.array(migrationDnsChange),
    /** The provider's records for the domain, side by side with ours. */
    provider_dns: z.array(migrationDnsRecord),
    not_migrated: z.array(migrationSkippedSchema),
  }),
});
export type MigrationStatus = z.infer<typeof migrationStatusSchema>;

const tag = 'Migration';

export const migrationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/migration',
    access: ADMINS,
    tag,
    summary: "The customer's migrations from other providers, newest first.",
    response: listOf(migrationSchema),
  }),
  domains: defineEndpoint({
    method: 'POST',
    path: '/migration/domains',
    access: ADMINS,
    tag,
    summary:
      "Checks the provider credentials and lists its domains; keeps a draft migration (the key sealed). A refused key is a 402 with the provider's reason.",
    body: migrationCredentials,
    response: migrationDomainList,
  }),
  start: defineEndpoint({
    method: 'PUT',
    path: '/migration/:id',
    access: ADMINS,
    tag,
    summary:
      'Starts a draft migration: from_domain, target_domain (ours; created with new DKIM keys if new), subaccount, methods.',
    params: z.object({ id }),
    body: migrationStart,
    response: migrationStatusSchema,
  }),
  cancel: defineEndpoint({
    method: 'DELETE',
    path: '/migration/:id',
    access: ADMINS,
    tag,
    summary: 'Cancels a draft or running migration: the runner stops after its current page and the key is deleted.',
    params: z.object({ id }),
    response: migrationStatusSchema,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/migration/status/:id',
    access: ADMINS,
    tag,
    summary: 'A migration with each step (done/total, warnings, errors) and its report.',
    params: z.object({ id }),
    response: migrationStatusSchema,
  }),
} as const;
