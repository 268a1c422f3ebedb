import type { Db } from '../../db/client.ts';
import { findDomainByName, findDomainForCustomer, type SendingDomainRow } from './sending-domain.repo.ts';

/** What intake needs to know about a customer's sending domain (table `domains`, written by the domains feature). */
export interface SendingDomain {
  id: number;
  customerId: number;
  name: string;
  verified: boolean;
  /** A sandbox domain: needs no DNS (counts as verified), sends only to the catch-all MX, only while SANDBOX=on. */
  sandbox: boolean;
  dkimSelector: string;
  dkimPrivateKey: string;
  bounceHost: string;
  trackingHost: string;
  /** Where tracking links and List-Unsubscribe point: the tracking host, or this server itself for the sandbox. */
  trackingBaseUrl: string;
  unsubscribeTracking: boolean;
  openTracking: boolean;
  clickTracking: boolean;
}

function toSendingDomain(row: SendingDomainRow, publicUrl: string): SendingDomain {
  return {
    id: row.id,
    customerId: row.customer_id,
    name: row.name,
    verified: row.state === 'verified' || row.sandbox,
    sandbox: row.sandbox,
    dkimSelector: row.dkim_selector,
    dkimPrivateKey: row.dkim_private_key,
    bounceHost: row.bounce_host,
    trackingHost: row.tracking_host,
    // A sandbox domain has no DNS, so no tracking host: its links come straight back to this server (PUBLIC_URL).
    trackingBaseUrl: row.sandbox ? publicUrl : `https://${row.tracking_host}`,
    unsubscribeTracking: row.unsubscribe_tracking,
    openTracking: row.open_tracking,
    clickTracking: row.click_tracking,
  };
}

// A short cache: intake reads the same few domains thousands of times a second, and a verification or key rotation
// may take this long to reach intake.
const CACHE_MS = 5_000;

/** Reads sending domains by id or name, for one customer, through a short cache. */
export class SendingDomains {
  private readonly db: Db;
  private readonly publicUrl: string;
  private readonly cache = new Map<string, { at: number; domain: SendingDomain | null }>();

  constructor(db: Db, publicUrl: string) {
    this.db = db;
    this.publicUrl = publicUrl;
  }

  async byId(customerId: number, domainId: number): Promise<SendingDomain | null> {
    return this.cached(`${customerId}#${domainId}`, () => findDomainForCustomer(this.db, customerId, domainId));
  }

  async byName(customerId: number, name: string): Promise<SendingDomain | null> {
    return this.cached(`${customerId}:${name.toLowerCase()}`, async () => {
      const row = await findDomainByName(this.db, name);
      return row?.customer_id === customerId ? row : undefined; // another customer's domain is simply not found
    });
  }

  private async cached(key: string, load: () => Promise<SendingDomainRow | undefined>): Promise<SendingDomain | null> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.domain;
    const row = await load();
    const domain = row ? toSendingDomain(row, this.publicUrl) : null;
    this.cache.set(key, { at: Date.now(), domain });
    return domain;
  }
}
