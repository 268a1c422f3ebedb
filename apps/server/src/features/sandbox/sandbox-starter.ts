import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../../deps.ts';
import { insertCredential, isLoginTaken } from '../credentials/credentials.repo.ts';
import { generatePassword, hashPassword } from '../session/passwords.ts';
import { newTokenSecret } from '../tokens/token-secrets.ts';
import { insertToken } from '../tokens/tokens.repo.ts';
import { ensureSandboxDomain } from './sandbox.service.ts';

export const STARTER_FILE = 'sandbox.env';

/**
 * The README's "Send your first message" lines read this file: on the first start of an embedded (PGlite) server
 * with the sandbox on, a sending key and an SMTP user of the first superadmin's sandbox domain are written to
 * DATA_DIR/sandbox.env (mode 0600). They can only ever reach the catch-all MX, and the data directory already holds
 * the whole database, so the file exposes nothing the directory did not. It is written once; delete it to get new
 * ones at the next start (the old key and SMTP user stay until revoked in the console).
 */
export async function writeSandboxStarter(deps: Deps): Promise<string | null> {
  const { config, db, log } = deps;
  const path = join(config.dataDir, STARTER_FILE);
  if (!config.sandbox || db.kind !== 'pglite' || existsSync(path)) return null;
  const first = await db.maybeOne<{ customer_id: number }>(
    "SELECT customer_id FROM users WHERE role = 'superadmin' ORDER BY id LIMIT 1",
  );
  if (!first) return null;
  const cid = first.customer_id;
  const domain = await ensureSandboxDomain(deps, cid);
  const key = newTokenSecret('sending');
  await insertToken(db, cid, {
    role: 'sending',
    domainId: domain.id,
    tokenHash: key.tokenHash,
    prefix: key.prefix,
    secret: null,
    note: `written to ${STARTER_FILE} by the first start`,
  });
  let login = `sandbox@${domain.name}`;
  if (await isLoginTaken(db, login)) login = `sandbox-${randomBytes(3).toString('hex')}@${domain.name}`;
  const password = generatePassword(18);
  await insertCredential(db, cid, domain.id, {
    login,
    passwordHash: await hashPassword(password),
    note: `written to ${STARTER_FILE} by the first start`,
  });
  const lines = [
    '# Written by the first start of Mailwright (sandbox on, embedded database). The sandbox domain of the first',
    "# superadmin's customer, a sending key and an SMTP user for it: its mail goes only to the built-in catch-all MX.",
    '# Use it in a shell with `. data/sandbox.env` (README, "Send your first message").',
    `MW_API=${config.publicUrl}/api`,
    `MW_SMTP_PORT=${config.smtpPort}`,
    `MW_SANDBOX_DOMAIN=${domain.name}`,
    `MW_SANDBOX_KEY=${key.token}`,
    `MW_SANDBOX_SMTP_USER=${login}`,
    `MW_SANDBOX_SMTP_PASSWORD=${password}`,
  ];
  await writeFile(path, `${lines.join('\n')}\n`, { mode: 0o600 });
  log.info({ file: path, domain: domain.name }, 'sandbox ready: send your first message with the key in this file');
  return path;
}
