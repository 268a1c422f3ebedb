import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { makeCustomer } from '../../test/factories.ts';
import { openTestDb } from '../../test/test-db.ts';
import { activeAddons, billingItemsDuring, currentTier, planAt, tiersDuring } from './billing-plan.ts';

let db: Db & { drop(): Promise<void> };
let cid: number;
let small: number;
let big: number;

const tier = async (msg: number, price: number, hardCap: boolean) =>
  (
    await db.one<{ id: number }>(
      `INSERT INTO billing_tiers (name, msg_included, price, currency, overage_per_1000, hard_cap)
       VALUES ('t', $1, $2, 'EUR', 50, $3) RETURNING id`,
      [msg, price, hardCap],
    )
  ).id;

beforeAll(async () => {
  db = await openTestDb();
  cid = await makeCustomer(db);
  small = await tier(1000, 0, true);
  big = await tier(100_000, 2900, false);
  await db.query('INSERT INTO customer_tiers (customer_id, tier_id, effective_at) VALUES ($1, $2, $3), ($1, $4, $5)', [
    cid,
    small,
    '2026-01-01T00:00:00Z',
    big,
    '2026-03-15T12:00:00Z',
  ]);
  const addon = await db.one<{ id: number }>(
    `INSERT INTO billing_addons (name, unit, kind, messages_per_unit, price, currency)
     VALUES ('More mail', '10,000 messages', 'extra_messages', 10000, 500, 'EUR') RETURNING id`,
  );
  const ip = await db.one<{ id: number }>(
    `INSERT INTO billing_addons (name, unit, kind, price, currency) VALUES ('IP', 'IP', 'dedicated_ip', 2000, 'EUR')
     RETURNING id`,
  );
  await db.query(
    `INSERT INTO customer_addons (customer_id, addon_id, qty, start_at, end_at) VALUES
       ($1, $2, 2, '2026-02-01T00:00:00Z', '2026-04-01T00:00:00Z'), ($1, $3, 1, '2026-02-10T00:00:00Z', NULL)`,
    [cid, addon.id, ip.id],
  );
  await db.query(
    `INSERT INTO billing_items (customer_id, description, price, currency, qty, recurring, start_at, end_at, active)
     VALUES ($1, 'setup', 10000, 'EUR', 1, false, '2026-03-05', NULL, true),
            ($1, 'support', 3000, 'EUR', 1, true, '2026-01-01', '2026-03-10', true),
            ($1, 'inactive', 3000, 'EUR', 1, true, '2026-01-01', NULL, false)`,
    [cid],
  );
});
afterAll(async () => db?.drop());

describe('billing plan reads (issue 14): the tier in effect and the add-ons', () => {
  it('has no plan before the first tier and none for another customer', async () => {
    expect(await planAt(db, cid, new Date('2025-12-31T23:59:59Z'))).toBeNull();
    expect(await planAt(db, cid + 1000, new Date('2026-02-01T00:00:00Z'))).toBeNull();
  });

  it('answers the tier in effect at a moment, switching at effective_at', async () => {
    expect((await currentTier(db, cid, new Date('2026-03-15T11:59:59Z')))?.tierId).toBe(small);
    expect((await currentTier(db, cid, new Date('2026-03-15T12:00:00Z')))?.tierId).toBe(big);
  });

  it('adds the active extra_messages add-ons to the plan (qty × messages_per_unit)', async () => {
    const jan = await planAt(db, cid, new Date('2026-01-20T00:00:00Z'));
    expect(jan).toMatchObject({ tierId: small, msgIncluded: 1000, hardCap: true, extraMessages: 0, currency: 'EUR' });
    const mar = await planAt(db, cid, new Date('2026-03-20T00:00:00Z'));
    expect(mar).toMatchObject({
      tierId: big,
      msgIncluded: 100_000,
      overagePer1000: 50,
      price: 2900,
      extraMessages: 20_000,
    });
    expect((await planAt(db, cid, new Date('2026-04-01T00:00:00Z')))?.extraMessages).toBe(0);
  });

  it('lists the tiers of a period in order, with the change inside it', async () => {
    const march = await tiersDuring(db, cid, new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'));
    expect(march.map((t) => t.tierId)).toEqual([small, big]);
    const april = await tiersDuring(db, cid, new Date('2026-04-01T00:00:00Z'), new Date('2026-05-01T00:00:00Z'));
    expect(april.map((t) => t.tierId)).toEqual([big]);
  });

  it('lists add-ons overlapping a span', async () => {
    const jan = await activeAddons(db, cid, new Date('2026-01-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'));
    expect(jan).toEqual([]);
    const apr = await activeAddons(db, cid, new Date('2026-04-01T00:00:00Z'), new Date('2026-05-01T00:00:00Z'));
    expect(apr.map((a) => a.kind)).toEqual(['dedicated_ip']);
  });

  it('lists the active billing items touching a period: recurring ones while active, one-offs in their month', async () => {
    const march = await billingItemsDuring(db, cid, '2026-03-01', '2026-04-01');
    expect(march.map((i) => i.description)).toEqual(['support', 'setup']);
    expect(march[0]).toMatchObject({ start: '2026-01-01', end: '2026-03-10', recurring: true, price: 3000 });
    const april = await billingItemsDuring(db, cid, '2026-04-01', '2026-05-01');
    expect(april).toEqual([]);
  });
});
