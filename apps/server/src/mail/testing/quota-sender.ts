/**
 * One process of the quota's multi-process test (policy/quota-parallel.test.ts): opens the shared PostgreSQL database
 * as a server process does, makes its own Intake, prints "ready", waits for "go" on stdin (so every process starts
 * at once), then hands in QUOTA_MESSAGES messages together (message i to 1 + i % QUOTA_MAX_RECIPIENTS recipients)
 * and prints what happened as one JSON line: {"accepted": messages, "recipients": of the accepted ones, "refused":
 * messages, "other": ["…"]}. `node apps/server/src/mail/testing/quota-sender.ts`.
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '../../config.ts';
import { openPostgres } from '../../db/client.ts';
import { createLogger } from '../../log.ts';
import { installSecretKeys, loadSecretKeys } from '../../secrets/secret-keys.ts';
import { Intake } from '../intake/intake.service.ts';
import { IntakeError } from '../intake/intake-error.ts';
import { loadMailSecret } from '../mail-tokens.ts';

const env = process.env;
const config = loadConfig({ ...env, LOG_LEVEL: 'warn', LOG_PRETTY: 'false' });
if (!config.databaseUrl) throw new Error('quota-sender needs DATABASE_URL');
installSecretKeys(await loadSecretKeys(config));
const db = await openPostgres(config.databaseUrl, config.databasePoolSize);
const intake = new Intake({ config, db, log: createLogger(config) }, await loadMailSecret(db));
const customerId = Number(env.QUOTA_CUSTOMER_ID);
const domainId = Number(env.QUOTA_DOMAIN_ID);
const domain = String(env.QUOTA_DOMAIN);
const tag = String(env.QUOTA_TAG);
const maxRecipients = Number(env.QUOTA_MAX_RECIPIENTS ?? 1);

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) if (line.trim() === 'go') break;
lines.close();

let accepted = 0;
let recipientsAccepted = 0;
let refused = 0;
const other: string[] = [];
await Promise.all(
  Array.from({ length: Number(env.QUOTA_MESSAGES) }, async (_, i) => {
    const to = Array.from({ length: 1 + (i % maxRecipients) }, (_, r) => `${tag}-${i}-${r}@dest.test`);
    const raw = Buffer.from(
      `From: app@${domain}\r\nTo: ${to.join(', ')}\r\nSubject: Parallel ${tag} ${i}\r\n\r\nMessage ${i} of ${tag}\r\n`,
    );
    try {
      await intake.accept({ source: 'api', customerId, domainId, domainName: null, raw, recipients: to });
      accepted++;
      recipientsAccepted += to.length;
    } catch (error) {
      if (error instanceof IntakeError && error.smtpCode === 452 && error.httpStatus === 402) refused++;
      else other.push(error instanceof Error ? error.message : String(error));
    }
  }),
);
await intake.drain();
await db.close();
process.stdout.write(`${JSON.stringify({ accepted, recipients: recipientsAccepted, refused, other })}\n`);
