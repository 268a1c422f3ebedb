import type { MigrationInstance, MigrationProvider } from '@mailwright/contract';
import type { Config } from '../../../config.ts';
import type { ProviderImporter } from './importer.types.ts';
import { mailgunImporter } from './mailgun.importer.ts';
import { postmarkImporter } from './postmark.importer.ts';
import { sendgridImporter } from './sendgrid.importer.ts';

const IMPORTERS: Record<MigrationProvider, ProviderImporter> = {
  mailgun: mailgunImporter,
  sendgrid: sendgridImporter,
  postmark: postmarkImporter,
};

export const importerFor = (provider: MigrationProvider) => IMPORTERS[provider];

/** The provider's API host for the instance: operator settings only, never anything a customer typed. */
export function providerBaseUrl(config: Config, provider: MigrationProvider, instance: MigrationInstance): string {
  const apis = config.migrationApis;
  if (provider === 'mailgun') return instance === 'eu' ? apis.mailgunEu : apis.mailgunUs;
  return provider === 'sendgrid' ? apis.sendgrid : apis.postmark;
}
