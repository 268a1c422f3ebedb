import { type PartnerPlanInput, type PayoutInput, partnersEndpoints, type ReferralInput } from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../lib/store.ts';

const e = partnersEndpoints;
const ROOT = ['partners'] as const;
const PLANS = ['partners', 'plans'] as const;
const LIST = ['partners', 'list'] as const;
const REFERRALS = ['partners', 'referrals'] as const;
const PAYOUTS = ['partners', 'payouts'] as const;

/** Every partner figure depends on plans, referrals and payouts: any change refreshes them all. */
const refresh = () => queryClient.invalidateQueries({ queryKey: ROOT });

export const usePlans = () => useQuery({ queryKey: PLANS, queryFn: ({ signal }) => api(e.plans, { signal }) });
export const usePartners = () => useQuery({ queryKey: LIST, queryFn: ({ signal }) => api(e.list, { signal }) });

/** A 404 means "this customer is not a partner": the overview says so itself, no snackbar. */
export const useReferrals = () =>
  useQuery({ queryKey: REFERRALS, queryFn: ({ signal }) => api(e.referrals, { signal }), meta: { silent: true } });
export const usePayouts = () =>
  useQuery({ queryKey: PAYOUTS, queryFn: ({ signal }) => api(e.payouts, { signal }), meta: { silent: true } });

export function useSavePlan() {
  return useMutation({
    mutationFn: ({ ppid, body }: { ppid: number | null; body: PartnerPlanInput }) =>
      ppid === null ? api(e.planCreate, { body }) : api(e.planUpdate, { params: { id: ppid }, body }),
    onSuccess: (plan) => {
      notify(`Plan ${plan.name} saved`);
      return refresh();
    },
  });
}

export function useDeletePlan() {
  return useMutation({
    mutationFn: (ppid: number) => api(e.planDelete, { params: { id: ppid } }),
    onSuccess: (answer) => {
      notify(answer.message);
      return refresh();
    },
  });
}

export function useAssignPlan() {
  return useMutation({
    mutationFn: ({ cid, ppid }: { cid: number; ppid: number | null }) =>
      api(e.assignPlan, { params: { cid }, body: { ppid } }),
    onSuccess: (partner) => {
      notify(partner.plan ? `${partner.customer} is on ${partner.plan}` : `${partner.customer} has no plan`);
      return refresh();
    },
  });
}

export function useRecordPayout() {
  return useMutation({
    mutationFn: ({ cid, body }: { cid: number; body: PayoutInput }) =>
      api(e.payoutRecord, { params: { id: cid }, body }),
    onSuccess: (payout) => {
      notify(`Payout for invoice ${payout.rec_inv_id} recorded`);
      return refresh();
    },
  });
}

export function useAttachReferral() {
  return useMutation({
    mutationFn: (body: ReferralInput) => api(e.referralCreate, { body }),
    onSuccess: (referral) => {
      notify(`${referral.customer} is now your referral`);
      return refresh();
    },
  });
}
