import type { DomainState } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { openColumn } from '../../secrets/secret-columns.ts';

/**
 * A sending domain as the mail engine reads it (table `domains`, written by the domains feature): with the DKIM
 * private key (PKCS#8 PEM) to sign with. Intake, system mail and the domains feature's own checks read it here.
 */
export interface SendingDomainRow {
  id: number;
  customer_id: number;
  name: string;
  state: DomainState;
  /** The customer's sandbox domain (issue 11): no DNS, mail only to the catch-all MX. */
  sandbox: boolean;
  dkim_selector: string;
  dkim_public_key: string;
  dkim_private_key: string;
  bounce_host: string;
  tracking_host: string;
  open_tracking: boolean;
  click_tracking: boolean;
  unsubscribe_tracking: boolean;
}

const COLUMNS = `id, customer_id, name, state, sandbox, dkim_selector, dkim_public_key, dkim_private_key, bounce_host,
  tracking_host, open_tracking, click_tracking, unsubscribe_tracking`;

// The private key is stored sealed to its row (docs/security.md); the engine gets it opened.
const withOpenKey = (row: SendingDomainRow | undefined): SendingDomainRow | undefined =>
  row && { ...row, dkim_private_key: openColumn('domains.dkim_private_key', row.id, row.dkim_private_key) };

/** A domain by its name (any customer), with its signing key. Names are stored lowercase. */
export function findDomainByName(db: Db, name: string): Promise<SendingDomainRow | undefined> {
  return db
    .maybeOne<SendingDomainRow>(`SELECT ${COLUMNS} FROM domains WHERE name = $1`, [
      name.trim().toLowerCase().replace(/\.$/, ''),
    ])
    .then(withOpenKey);
}

/** A customer's domain by id, with its signing key; undefined for another customer's id. */
export function findDomainForCustomer(db: Db, cid: number, did: number): Promise<SendingDomainRow | undefined> {
  return db
    .maybeOne<SendingDomainRow>(`SELECT ${COLUMNS} FROM domains WHERE id = $2 AND customer_id = $1`, [cid, did])
    .then(withOpenKey);
}
