import { BOUNCE_HOST_PREFIX, TRACKING_HOST_PREFIX } from '@mailwright/contract';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { insertCredential } from '../features/credentials/credentials.repo.ts';
import { insertCustomer } from '../features/customers/customers.repo.ts';
import { insertDomain } from '../features/domains/domains.repo.ts';
import { hashPassword } from '../features/session/passwords.ts';
import { newTokenSecret } from '../features/tokens/token-secrets.ts';
import { insertToken } from '../features/tokens/tokens.repo.ts';
import { generateDkimKey } from '../mail/dns/dkim-keys.ts';

export interface SeededSender {
  customerId: number;
  domainId: number;
  domain: string;
  selector: string;
  /** The DKIM TXT value to publish at <selector>._domainkey.<domain>. */
  dkimRecord: string;
  smtpLogin: string;
  smtpPassword: string;
  sendingToken: string;
}

/**
 * A customer with a verified sending domain, an SMTP user and a sending key, written straight into a database
 * (for tests and the benchmark that drive a separately started server process).
 */
export async function seedSender(db: Db, domain: string, smtpPassword = 'seeded-password-1'): Promise<SeededSender> {
  const customerId = await insertCustomer(db, {
    customer: `Sender of ${domain}`,
    partner: false,
    parentId: null,
    company: { address: '', city: '', country: '', vat_id: '', website: '' },
  });
  const key = await generateDkimKey();
  const domainId = await insertDomain(db, customerId, {
    name: domain,
    key,
    bounceHost: BOUNCE_HOST_PREFIX + domain,
    trackingHost: TRACKING_HOST_PREFIX + domain,
  });
  await db.query("UPDATE domains SET state = 'verified', verified_at = now() WHERE id = $1", [domainId]);
  const smtpLogin = `postmaster@${domain}`;
  await insertCredential(db, customerId, domainId, {
    login: smtpLogin,
    passwordHash: await hashPassword(smtpPassword),
    note: 'seeded',
  });
  const secret = newTokenSecret('sending');
  await insertToken(db, customerId, {
    role: 'sending',
    domainId,
    tokenHash: secret.tokenHash,
    prefix: secret.prefix,
    secret: null,
    note: 'seeded',
  });
  return {
    customerId,
    domainId,
    domain,
    selector: key.selector,
    dkimRecord: `v=DKIM1; k=rsa; p=${key.publicKeyBase64}`,
    smtpLogin,
    smtpPassword,
    sendingToken: secret.token,
  };
}

/** A pooled SMTP submission client of the seeded sender (STARTTLS required, the self-signed certificate accepted). */
export function senderTransport(sender: SeededSender, port: number, maxConnections: number) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    pool: true,
    maxConnections,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user: sender.smtpLogin, pass: sender.smtpPassword },
  });
}
