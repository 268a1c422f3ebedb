import {
  type Partner,
  type PartnerPlan,
  type PartnerPlanInput,
  type PayoutInput,
  PLAN_IN_USE,
  type ReferralInput,
} from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { conflict, fieldError, notFound } from '../../http/errors.ts';
import * as repo from './partners.repo.ts';
import { partnerLedger } from './payout-math.ts';

export const NOT_A_PARTNER = 'This customer is not a partner';

/** An operator at home (not acting inside a customer): sees every partner and plan. */
const isOperator = (auth: AuthContext) => auth.role === 'superadmin';

const planValues = (input: PartnerPlanInput): repo.PlanValues => ({
  name: input.name,
  commissionBp: Math.round(input.commission_percent * 100),
  durationMonths: input.duration_months,
  minimumPayout: input.minimum_payout,
  currency: input.currency,
});

/** Operators see every plan; a partner its own (none when no plan is assigned yet). */
export async function listPlans(deps: Deps, auth: AuthContext) {
  if (isOperator(auth)) return { items: await repo.listPlans(deps.db) };
  const partner = await repo.findPartner(deps.db, auth.cid);
  return { items: partner ? await repo.listPlans(deps.db, partner.plan_id) : [] };
}

async function planOrNotFound(db: Db, id: number): Promise<PartnerPlan> {
  const plan = await repo.findPlan(db, id);
  if (!plan) throw notFound('Partner plan not found');
  return plan;
}

export async function createPlan(deps: Deps, input: PartnerPlanInput) {
  return planOrNotFound(deps.db, await repo.insertPlan(deps.db, planValues(input)));
}

export async function updatePlan(deps: Deps, id: number, patch: Partial<PartnerPlanInput>) {
  const current = await planOrNotFound(deps.db, id);
  await repo.updatePlan(deps.db, id, planValues({ ...current, ...patch }));
  return planOrNotFound(deps.db, id);
}

export async function deletePlan(deps: Deps, id: number) {
  await planOrNotFound(deps.db, id);
  if (!(await repo.deleteUnusedPlan(deps.db, id))) throw conflict(PLAN_IN_USE);
  return { message: 'Partner plan deleted' };
}

/** The partner's ledger as of now: its plan, referrals, their paid invoices and the payouts made. */
export async function ledgerOf(db: Db, partner: { cid: number; plan_id: number | null }) {
  const plan = partner.plan_id === null ? null : ((await repo.findPlan(db, partner.plan_id)) ?? null);
  const [referrals, invoices, payouts] = await Promise.all([
    repo.listReferrals(db, partner.cid),
    repo.paidInvoicesOfReferrals(db, partner.cid),
    repo.listPayouts(db, partner.cid),
  ]);
  const ledger = partnerLedger({
    plan: plan && repo.toTerms(plan),
    referrals: repo.referralStarts(referrals),
    invoices,
    payouts: repo.payoutFacts(payouts),
    now: new Date(),
  });
  return { plan, referrals, payouts, ledger };
}

async function partnerSummary(
  db: Db,
  partner: { cid: number; customer: string; plan_id: number | null },
): Promise<Partner> {
  const { plan, referrals, ledger } = await ledgerOf(db, partner);
  return {
    cid: partner.cid,
    customer: partner.customer,
    ppid: plan?.ppid ?? null,
    plan: plan?.name ?? null,
    referrals: referrals.length,
    currency: plan?.currency ?? null,
    earned: ledger.earned,
    paid: ledger.paid,
    balance: ledger.balance,
  };
}

export async function listPartners(deps: Deps) {
  const items: Partner[] = [];
  for (const { cid } of await repo.listPartnerCustomers(deps.db)) {
    const partner = await repo.findPartner(deps.db, cid);
    if (partner) items.push(await partnerSummary(deps.db, partner));
  }
  return { items };
}

async function partnerOrNotFound(db: Db, cid: number, message = 'Partner not found') {
  const partner = await repo.findPartner(db, cid);
  if (!partner) throw notFound(message);
  return partner;
}

export async function assignPlan(deps: Deps, cid: number, ppid: number | null) {
  const partner = await partnerOrNotFound(deps.db, cid);
  if (ppid !== null && !(await repo.findPlan(deps.db, ppid))) throw fieldError('ppid', 'No such partner plan');
  await repo.ensurePartnerAccount(deps.db, cid);
  await repo.setPartnerPlan(deps.db, cid, ppid);
  return partnerSummary(deps.db, { ...partner, plan_id: ppid });
}

export async function listReferrals(deps: Deps, auth: AuthContext) {
  const partner = await repo.ensurePartnerAccount(deps.db, auth.cid);
  if (!partner) throw notFound(NOT_A_PARTNER);
  const { referrals, ledger } = await ledgerOf(deps.db, partner);
  return {
    items: referrals.map((r) => ({
      cid: r.cid,
      customer: r.customer,
      since: new Date(r.since).toISOString(),
      source: r.source,
      earned: ledger.byCustomer.get(r.cid) ?? 0,
    })),
    total_count: referrals.length,
    referral_url: `${deps.config.publicUrl}/invite?ref=${partner.referral_code}`,
  };
}

/**
 * Attaches a customer as a referral. An operator (at home) may attach any customer not yet referred to any partner
 * (partner_cid, else the acting customer); a partner only its own clients, so a partner cannot claim, and then act
 * as, a stranger's account. Unknown and not-yours answer alike, so the form cannot probe for customers.
 */
export async function createReferral(deps: Deps, auth: AuthContext, input: ReferralInput) {
  const { db } = deps;
  const operator = isOperator(auth);
  if (!operator && input.partner_cid !== undefined && input.partner_cid !== auth.cid) {
    throw fieldError('partner_cid', 'Only an operator can attach a referral to another partner');
  }
  const partnerCid = (operator && input.partner_cid) || auth.cid;
  const partner = await repo.findPartner(db, partnerCid);
  if (!partner) {
    if (operator) throw fieldError('partner_cid', 'Choose a partner customer');
    throw notFound(NOT_A_PARTNER);
  }
  const field = input.cid !== undefined ? 'cid' : 'email';
  const target = await db.maybeOne<{ id: number; name: string; parent_id: number | null }>(
    input.cid !== undefined
      ? 'SELECT id, name, parent_id FROM customers WHERE id = $1'
      : `SELECT c.id, c.name, c.parent_id FROM users u JOIN customers c ON c.id = u.customer_id
          WHERE lower(u.email) = lower($1) ORDER BY (u.role = 'admin') DESC, u.id LIMIT 1`,
    [input.cid ?? input.email],
  );
  if (!target || (!operator && target.parent_id !== partner.cid)) {
    throw fieldError(field, operator ? 'No such customer' : 'Not one of your clients');
  }
  if (target.id === partner.cid) throw fieldError(field, 'A partner cannot be its own referral');
  if (!(await repo.insertReferral(db, partner.cid, target.id, 'attached'))) {
    throw fieldError(field, 'This customer already is a referral of a partner');
  }
  const row = (await repo.listReferrals(db, partner.cid)).find((r) => r.cid === target.id);
  return {
    cid: target.id,
    customer: target.name,
    since: new Date(row?.since ?? Date.now()).toISOString(),
    source: 'attached' as const,
    earned: 0,
  };
}

export async function payouts(deps: Deps, auth: AuthContext) {
  const partner = await partnerOrNotFound(deps.db, auth.cid, NOT_A_PARTNER);
  const { plan, payouts, ledger } = await ledgerOf(deps.db, partner);
  return {
    items: payouts,
    months: ledger.months,
    plan,
    currency: plan?.currency ?? null,
    earned: ledger.earned,
    paid: ledger.paid,
    balance: ledger.balance,
    payable: ledger.payable,
  };
}

export async function getPayout(deps: Deps, auth: AuthContext, id: number) {
  const payout = await repo.findPayout(deps.db, id, isOperator(auth) ? null : auth.cid);
  if (!payout) throw notFound('Payout not found');
  return payout;
}

/**
 * Records what an operator paid a partner. The partner's invoice number is the key: the same call again answers the
 * payout already recorded (a retried request pays nothing twice); the same number with another amount is refused.
 */
export async function recordPayout(deps: Deps, auth: AuthContext, partnerCid: number, input: PayoutInput) {
  const { db } = deps;
  const partner = await partnerOrNotFound(db, partnerCid);
  const same = (p: { amount: number; payout_date: string }) =>
    p.amount === input.amount && p.payout_date === input.payout_date;
  const existing = await repo.findPayoutByInvoice(db, partner.cid, input.rec_inv_id);
  if (existing) {
    if (same(existing)) return existing;
    throw fieldError('rec_inv_id', `A payout for invoice ${input.rec_inv_id} is already recorded with other values`);
  }
  const { plan, ledger } = await ledgerOf(db, partner);
  if (!plan) throw fieldError('amount', 'Assign this partner a plan first');
  if (input.amount > ledger.balance) {
    throw fieldError('amount', `More than the unpaid balance (${ledger.balance} ${plan.currency} minor units)`);
  }
  const by = await db.maybeOne<{ username: string }>('SELECT username FROM users WHERE id = $1', [auth.uid]);
  const id = await repo.insertPayout(db, {
    partnerId: partner.cid,
    amount: input.amount,
    currency: plan.currency,
    payoutDate: input.payout_date,
    recInvId: input.rec_inv_id,
    by: `operator:${by?.username ?? auth.uid}`,
  });
  // A concurrent identical request won the insert: answer its payout, as a retry would get.
  const payout = id
    ? await repo.findPayout(db, id, partner.cid)
    : await repo.findPayoutByInvoice(db, partner.cid, input.rec_inv_id);
  if (!payout || !same(payout)) {
    throw fieldError('rec_inv_id', `A payout for invoice ${input.rec_inv_id} is already recorded with other values`);
  }
  return payout;
}
