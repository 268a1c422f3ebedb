import type { PartnerPlan, Payout } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { newToken } from '../../http/auth.ts';
import type { PaidInvoiceFact, PayoutFact, PlanTerms, ReferralStart } from './payout-math.ts';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

interface PlanRow {
  id: number;
  name: string;
  commission_bp: number;
  duration_months: number;
  minimum_payout: number;
  currency: string;
  partners: number;
}

const PLAN_SELECT = `SELECT p.id, p.name, p.commission_bp, p.duration_months, p.minimum_payout, p.currency,
    (SELECT count(*)::int FROM partner_accounts a WHERE a.plan_id = p.id) AS partners
  FROM partner_plans p`;

export const toPlan = (r: PlanRow): PartnerPlan => ({
  ppid: r.id,
  name: r.name,
  commission_percent: r.commission_bp / 100,
  duration_months: r.duration_months,
  minimum_payout: Number(r.minimum_payout),
  currency: r.currency,
  partners: r.partners,
});

export const toTerms = (p: PartnerPlan): PlanTerms => ({
  commissionBp: Math.round(p.commission_percent * 100),
  durationMonths: p.duration_months,
  minimumPayout: p.minimum_payout,
  currency: p.currency,
});

export async function listPlans(db: Db, onlyId?: number | null): Promise<PartnerPlan[]> {
  if (onlyId === null) return [];
  const where = onlyId === undefined ? '' : ' WHERE p.id = $1';
  const rows = await db.query<PlanRow>(`${PLAN_SELECT}${where} ORDER BY lower(p.name), p.id`, onlyId ? [onlyId] : []);
  return rows.map(toPlan);
}

export async function findPlan(db: Db, id: number): Promise<PartnerPlan | undefined> {
  const row = await db.maybeOne<PlanRow>(`${PLAN_SELECT} WHERE p.id = $1`, [id]);
  return row && toPlan(row);
}

export interface PlanValues {
  name: string;
  commissionBp: number;
  durationMonths: number;
  minimumPayout: number;
  currency: string;
}

export async function insertPlan(db: Db, v: PlanValues): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO partner_plans (name, commission_bp, duration_months, minimum_payout, currency)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [v.name, v.commissionBp, v.durationMonths, v.minimumPayout, v.currency],
  );
  return row.id;
}

export async function updatePlan(db: Db, id: number, v: PlanValues): Promise<void> {
  await db.query(
    `UPDATE partner_plans SET name = $2, commission_bp = $3, duration_months = $4, minimum_payout = $5, currency = $6
      WHERE id = $1`,
    [id, v.name, v.commissionBp, v.durationMonths, v.minimumPayout, v.currency],
  );
}

/** Deletes the plan unless a partner uses it (checked in the same statement, so no partner is left pointing at it). */
export async function deleteUnusedPlan(db: Db, id: number): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM partner_plans p WHERE p.id = $1 AND NOT EXISTS (SELECT 1 FROM partner_accounts a WHERE a.plan_id = p.id)
     RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

export interface PartnerRow {
  cid: number;
  customer: string;
  plan_id: number | null;
  referral_code: string;
}

/** The partner's account row, created on first use with a fresh referral code. */
export async function ensurePartnerAccount(db: Db, cid: number): Promise<PartnerRow | undefined> {
  await db.query(
    `INSERT INTO partner_accounts (customer_id, referral_code)
     SELECT id, $2 FROM customers WHERE id = $1 AND partner ON CONFLICT (customer_id) DO NOTHING`,
    [cid, newToken(12)],
  );
  return db.maybeOne<PartnerRow>(
    `SELECT c.id AS cid, c.name AS customer, a.plan_id, a.referral_code
       FROM customers c JOIN partner_accounts a ON a.customer_id = c.id WHERE c.id = $1 AND c.partner`,
    [cid],
  );
}

/** The partner without creating its account row (writes that may be refused must leave every table as it was). */
export async function findPartner(db: Db, cid: number): Promise<Omit<PartnerRow, 'referral_code'> | undefined> {
  return db.maybeOne(
    `SELECT c.id AS cid, c.name AS customer, a.plan_id
       FROM customers c LEFT JOIN partner_accounts a ON a.customer_id = c.id WHERE c.id = $1 AND c.partner`,
    [cid],
  );
}

export async function listPartnerCustomers(db: Db): Promise<{ cid: number; customer: string }[]> {
  return db.query('SELECT id AS cid, name AS customer FROM customers WHERE partner ORDER BY lower(name), id');
}

export async function setPartnerPlan(db: Db, cid: number, planId: number | null): Promise<void> {
  await db.query('UPDATE partner_accounts SET plan_id = $2 WHERE customer_id = $1', [cid, planId]);
}

export async function findPartnerByCode(db: Db, code: string) {
  return db.maybeOne<{ cid: number; customer: string }>(
    `SELECT c.id AS cid, c.name AS customer FROM partner_accounts a JOIN customers c ON c.id = a.customer_id
      WHERE a.referral_code = $1 AND c.partner`,
    [code],
  );
}

export interface ReferralRow {
  cid: number;
  customer: string;
  since: Date | string;
  source: 'link' | 'client' | 'attached';
}

export async function listReferrals(db: Db, partnerId: number): Promise<ReferralRow[]> {
  return db.query<ReferralRow>(
    `SELECT r.customer_id AS cid, c.name AS customer, r.started_at AS since, r.source
       FROM partner_referrals r JOIN customers c ON c.id = r.customer_id
      WHERE r.partner_id = $1 ORDER BY r.started_at DESC, r.customer_id DESC`,
    [partnerId],
  );
}

export const referralStarts = (rows: ReferralRow[]): ReferralStart[] =>
  rows.map((r) => ({ customerId: r.cid, since: new Date(iso(r.since)) }));

/** Records the referral unless the customer already is someone's; true when it was recorded. */
export async function insertReferral(
  db: Db,
  partnerId: number,
  customerId: number,
  source: ReferralRow['source'],
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO partner_referrals (customer_id, partner_id, source) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id) DO NOTHING RETURNING customer_id`,
    [customerId, partnerId, source],
  );
  return rows.length > 0;
}

/** Whether `customerId` is the partner's referral: with its clients, the customers a partner may act as. */
export async function isReferralOf(db: Db, partnerId: number, customerId: number): Promise<boolean> {
  const row = await db.maybeOne('SELECT 1 FROM partner_referrals WHERE partner_id = $1 AND customer_id = $2', [
    partnerId,
    customerId,
  ]);
  return row !== undefined;
}

/** The referred customers' paid invoices, with their refunds. */
export async function paidInvoicesOfReferrals(db: Db, partnerId: number): Promise<PaidInvoiceFact[]> {
  const rows = await db.query<{
    id: number;
    customer_id: number;
    subtotal: number;
    currency: string;
    paid_at: Date | string;
  }>(
    `SELECT i.id, i.customer_id, i.subtotal, i.currency, i.paid_at
       FROM invoices i JOIN partner_referrals r ON r.customer_id = i.customer_id
      WHERE r.partner_id = $1 AND i.paid_at IS NOT NULL AND i.status = 'paid'`,
    [partnerId],
  );
  if (!rows.length) return [];
  const refunds = await db.query<{ invoice_id: number; amount: number; refunded_at: Date | string }>(
    'SELECT invoice_id, amount, refunded_at FROM invoice_refunds WHERE invoice_id = ANY($1::int[])',
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => ({
    customerId: r.customer_id,
    net: Number(r.subtotal),
    currency: r.currency,
    paidAt: new Date(iso(r.paid_at)),
    refunds: refunds
      .filter((f) => f.invoice_id === r.id)
      .map((f) => ({ amount: Number(f.amount), at: new Date(iso(f.refunded_at)) })),
  }));
}

interface PayoutRow {
  id: number;
  partner_id: number;
  amount: number;
  currency: string;
  payout_date: string;
  rec_inv_id: string;
  created_at: Date | string;
}

const PAYOUT_SELECT = `SELECT id, partner_id, amount, currency, to_char(payout_date, 'YYYY-MM-DD') AS payout_date,
  rec_inv_id, created_at FROM partner_payouts`;

const toPayout = (r: PayoutRow): Payout => ({
  payout_id: r.id,
  cid: r.partner_id,
  amount: Number(r.amount),
  currency: r.currency,
  payout_date: r.payout_date,
  rec_inv_id: r.rec_inv_id,
  created_at: iso(r.created_at),
});

export async function listPayouts(db: Db, partnerId: number): Promise<Payout[]> {
  const rows = await db.query<PayoutRow>(`${PAYOUT_SELECT} WHERE partner_id = $1 ORDER BY payout_date DESC, id DESC`, [
    partnerId,
  ]);
  return rows.map(toPayout);
}

export const payoutFacts = (payouts: Payout[]): PayoutFact[] =>
  payouts.map((p) => ({ amount: p.amount, date: p.payout_date }));

/** One payout; partnerId scopes it to its partner (null: an operator, any partner). */
export async function findPayout(db: Db, id: number, partnerId: number | null): Promise<Payout | undefined> {
  const row = await db.maybeOne<PayoutRow>(`${PAYOUT_SELECT} WHERE id = $1 AND ($2::int IS NULL OR partner_id = $2)`, [
    id,
    partnerId,
  ]);
  return row && toPayout(row);
}

export async function findPayoutByInvoice(db: Db, partnerId: number, recInvId: string): Promise<Payout | undefined> {
  const row = await db.maybeOne<PayoutRow>(`${PAYOUT_SELECT} WHERE partner_id = $1 AND rec_inv_id = $2`, [
    partnerId,
    recInvId,
  ]);
  return row && toPayout(row);
}

/** Inserts the payout; undefined when one with the same (partner, rec_inv_id) exists (a retried request). */
export async function insertPayout(
  db: Db,
  v: { partnerId: number; amount: number; currency: string; payoutDate: string; recInvId: string; by: string },
): Promise<number | undefined> {
  const row = await db.maybeOne<{ id: number }>(
    `INSERT INTO partner_payouts (partner_id, amount, currency, payout_date, rec_inv_id, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (partner_id, rec_inv_id) DO NOTHING RETURNING id`,
    [v.partnerId, v.amount, v.currency, v.payoutDate, v.recInvId, v.by],
  );
  return row?.id;
}
