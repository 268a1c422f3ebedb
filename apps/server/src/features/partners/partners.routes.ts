import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './partners.service.ts';
import * as signup from './referral-signup.service.ts';

const e = endpoints.partners;

export function registerPartnerRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, () => service.listPartners(deps));
  route(app, deps, e.assignPlan, ({ params, body }) => service.assignPlan(deps, params.cid, body.ppid));
  route(app, deps, e.plans, ({ auth }) => service.listPlans(deps, auth));
  route(app, deps, e.planCreate, ({ body }) => service.createPlan(deps, body));
  route(app, deps, e.planUpdate, ({ params, body }) => service.updatePlan(deps, params.id, body));
  route(app, deps, e.planDelete, ({ params }) => service.deletePlan(deps, params.id));
  route(app, deps, e.referrals, ({ auth }) => service.listReferrals(deps, auth));
  route(app, deps, e.referralCreate, ({ auth, body }) => service.createReferral(deps, auth, body));
  route(app, deps, e.payouts, ({ auth }) => service.payouts(deps, auth));
  route(app, deps, e.payout, ({ auth, params }) => service.getPayout(deps, auth, params.id));
  route(app, deps, e.payoutRecord, ({ auth, params, body }) => service.recordPayout(deps, auth, params.id, body));
  route(app, deps, e.linkCheck, ({ params }) => signup.checkReferralLink(deps, params.token));
  route(app, deps, e.linkSignup, ({ params, body }) => signup.signUpThroughLink(deps, params.token, body));
}
