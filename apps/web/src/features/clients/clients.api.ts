import {
  type AccountSignupInput,
  PAGE_SIZES,
  type Subaccount,
  type SubaccountInput,
  subaccountsEndpoints,
} from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../lib/store.ts';

const e = subaccountsEndpoints;
export const CLIENTS_KEY = ['clients', 'list'] as const;
export const JOIN_KEY = ['clients', 'join'] as const;

/** Spec 9: sub-accounts 50 a page, by name. */
export function useClientsList() {
  return usePagedList<Subaccount>({
    queryKey: CLIENTS_KEY,
    fetchPage: (query, signal) => api(e.list, { query, signal }),
    pageSize: PAGE_SIZES.subaccounts,
    sort: 'customer',
    order: 'asc',
  });
}

export function useAddClient() {
  return useMutation({
    mutationFn: (body: SubaccountInput) => api(e.create, { body }),
    onSuccess: (answer) => {
      // Spec 8: 'Client added! A vetting form has been sent to email address specified.'
      notify(answer.message);
      return invalidateList(CLIENTS_KEY);
    },
  });
}

export function useInviteAccount() {
  return useMutation({ mutationFn: (email: string) => api(e.inviteSend, { body: { email } }) });
}

export function useJoinStatus() {
  return useQuery({ queryKey: JOIN_KEY, queryFn: ({ signal }) => api(e.joinStatus, { signal }) });
}

export function useRequestJoin() {
  return useMutation({
    mutationFn: (approver: string) => api(e.joinCreate, { body: { approver } }),
    onSuccess: (answer) => {
      // Spec 8: 'Your request to {approver} was succesfully sent!'
      notify(answer.message);
      return queryClient.invalidateQueries({ queryKey: JOIN_KEY });
    },
  });
}

export function useDecideJoin() {
  return useMutation({
    mutationFn: ({ ref, decision }: { ref: string; decision: 'approve' | 'confirm' | 'decline' }) =>
      api(e.joinDecide, { params: { id: ref }, body: { decision } }),
    onSuccess: (answer) => {
      notify(answer.message);
      void queryClient.invalidateQueries({ queryKey: JOIN_KEY });
      return invalidateList(CLIENTS_KEY);
    },
  });
}

export const reviewJoin = (ref: string, signal?: AbortSignal) => api(e.joinReview, { params: { id: ref }, signal });
export const checkAccountInvite = (token: string) => api(e.inviteCheck, { params: { token } });
export const completeAccountInvite = (token: string, body: AccountSignupInput) =>
  api(e.inviteComplete, { params: { token }, body });
