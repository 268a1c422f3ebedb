import type { Db } from '../../db/client.ts';
import type { AcceptedMessage } from '../intake/intake.repo.ts';

/**
 * Puts a customer on a new tier from now on (billing_tiers + customer_tiers rows, as the tiers feature writes them),
 * with `extraMessages` from an extra_messages add-on when given. For the quota's tests.
 */
export async function putOnTier(
  db: Db,
  cid: number,
  tier: { msgIncluded: number; hardCap: boolean; extraMessages?: number },
): Promise<number> {
  const { id } = await db.one<{ id: number }>(
    `INSERT INTO billing_tiers (name, msg_included, price, currency, overage_per_1000, hard_cap)
     VALUES ($1, $2, $3, 'EUR', $4, $5) RETURNING id`,
    [`Tier ${tier.msgIncluded}`, tier.msgIncluded, tier.hardCap ? 0 : 900, tier.hardCap ? 0 : 50, tier.hardCap],
  );
  // A second in the past, so the tier is in effect for a message stored at once (effective_at <= now).
  await db.query(
    "INSERT INTO customer_tiers (customer_id, tier_id, effective_at) VALUES ($1, $2, now() - interval '1 second')",
    [cid, id],
  );
  if (tier.extraMessages) {
    const addon = await db.one<{ id: number }>(
      `INSERT INTO billing_addons (name, unit, kind, messages_per_unit, price, currency)
       VALUES ('Extra messages', 'pack', 'extra_messages', $1, 100, 'EUR') RETURNING id`,
      [tier.extraMessages],
    );
    await db.query(
      "INSERT INTO customer_addons (customer_id, addon_id, qty, start_at) VALUES ($1, $2, $3, now() - interval '1 second')",
      [cid, addon.id, 1],
    );
  }
  return id;
}

let sequence = 0;

/** A message for storeMessages with `count` recipients at dest.test (nothing is signed or delivered). */
export function testMessage(
  cid: number,
  did: number,
  count: number,
  options: { source?: AcceptedMessage['source']; prefix?: string } = {},
): AcceptedMessage {
  const n = sequence++;
  const prefix = options.prefix ?? `q${n}`;
  return {
    customerId: cid,
    domainId: did,
    messageIdHeader: `quota-${n}-${Date.now()}@quota.test`,
    from: 'app@quota.test',
    subject: `Quota ${n}`,
    tags: [],
    variables: null,
    testmode: false,
    source: options.source ?? 'api',
    raw: Buffer.from(`Subject: Quota ${n}\r\n\r\nHello\r\n`),
    recipients: Array.from({ length: count }, (_, i) => ({ address: `${prefix}-${i}@dest.test`, domain: 'dest.test' })),
    deliverAt: null,
    expiresAt: new Date(Date.now() + 3600_000),
  };
}
