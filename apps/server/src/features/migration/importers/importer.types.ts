import type {
  MigrationDnsRecord,
  MigrationInstance,
  MigrationMethod,
  ProviderDomain,
  RouteInput,
  SuppressionType,
  WebhookEvent,
} from '@mailwright/contract';
import type { ProviderClient } from '../provider-http.ts';

/** The provider credentials as they are kept (sealed) on the migration. `user`: SendGrid subuser, Postmark server token. */
export interface ProviderCredentials {
  token: string;
  user?: string | undefined;
}

export interface ImportContext {
  instance: MigrationInstance;
  credentials: ProviderCredentials;
  fromDomain: string;
  /** The provider's API base URL for this instance (a setting). */
  baseUrl: string;
  /** Test knobs: shorter backoff; production leaves them unset. */
  http?: Pick<ProviderClient, 'backoffMs' | 'maxInlineWaitMs' | 'maxAttempts'>;
}

export interface ImportedSuppression {
  recipient: string;
  type: SuppressionType;
  reason: string;
  createdAt: Date | null;
}

export interface ImportedTemplateVersion {
  tag: string;
  subject: string;
  html: string;
  text: string;
  active: boolean;
}

export interface ImportedTemplate {
  name: string;
  description: string;
  versions: ImportedTemplateVersion[];
}

export interface Skipped {
  item: string;
  reason: string;
}

/** A route as it came (for the report) and what it maps to, or why it does not. */
export type ImportedRoute = { item: string; input: RouteInput } | ({ input?: undefined } & Skipped);

/** One page of one step, normalised; written in one transaction with the cursor of the page after it. */
export interface ImportPage {
  suppressions?: ImportedSuppression[];
  /** Recipient allow-list entries (Mailgun's allowlist): an address or a domain. */
  allow?: { recipient: string; note: string }[];
  templates?: ImportedTemplate[];
  webhooks?: { event: WebhookEvent; url: string }[];
  routes?: ImportedRoute[];
  providerDns?: MigrationDnsRecord[];
  skipped?: Skipped[];
  warnings?: string[];
  /** Where the next page starts; null: the step is done. */
  next: StepCursor | null;
  /** The provider's total for the step when it tells. */
  total?: number;
}

export type StepCursor = Record<string, string | number | null>;

export interface ProviderImporter {
  listDomains(ctx: ImportContext): Promise<ProviderDomain[]>;
  readPage(method: MigrationMethod, ctx: ImportContext, cursor: StepCursor | null): Promise<ImportPage>;
}
