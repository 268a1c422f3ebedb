import { openSecret, sealSecret } from './secret-box.ts';
import { type SecretKeyRing, secretKeys } from './secret-keys.ts';

/**
 * Every column that holds a secret the server must read back (docs/security.md lists them), and the column naming
 * its row. Secrets that only need checking (passwords, API keys, SMTP credentials, persist codes, link tokens) are
 * hashed instead and are not here.
 */
export const SEALED_COLUMNS = {
  'users.totp_secret': { table: 'users', column: 'totp_secret', rowKey: 'id', keyType: 'bigint' },
  'domains.dkim_private_key': { table: 'domains', column: 'dkim_private_key', rowKey: 'id', keyType: 'bigint' },
  // Whole URLs, not only their user:password part: which ones carry credentials is itself worth keeping private.
  'webhooks.url': { table: 'webhooks', column: 'url', rowKey: 'id', keyType: 'bigint' },
  'server_secrets.value': { table: 'server_secrets', column: 'value', rowKey: 'name', keyType: 'text' },
  // The webhook signing key (role sign); other API keys are only hashed and leave this column NULL.
  'api_tokens.secret': { table: 'api_tokens', column: 'secret', rowKey: 'id', keyType: 'bigint' },
  // Until it is sent: the body of a reset, activation or invitation mail holds a live link token.
  'system_mail.text_body': { table: 'system_mail', column: 'text_body', rowKey: 'id', keyType: 'bigint' },
  // A seed mailbox's IMAP password: read back at every placement check.
  'seed_mailboxes.password': { table: 'seed_mailboxes', column: 'password', rowKey: 'id', keyType: 'bigint' },
  // A customer's API key at another provider, only while its migration runs (set NULL when it ends).
  'migrations.credentials': { table: 'migrations', column: 'credentials', rowKey: 'id', keyType: 'bigint' },
} as const;

export type SealedColumn = keyof typeof SEALED_COLUMNS;

/** What binds a sealed value to its place (the AAD): `table.column:row`. */
const purposeOf = (column: SealedColumn, row: number | string) => `${column}:${row}`;

export function sealColumn(
  column: SealedColumn,
  row: number | string,
  plaintext: string,
  ring: SecretKeyRing = secretKeys(),
): string {
  return sealSecret(plaintext, purposeOf(column, row), ring);
}

export function openColumn(
  column: SealedColumn,
  row: number | string,
  stored: string,
  ring: SecretKeyRing = secretKeys(),
): string {
  return openSecret(stored, purposeOf(column, row), ring);
}
