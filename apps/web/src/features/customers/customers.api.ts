import { type Customer, type CustomerInput, customersEndpoints, PAGE_SIZES } from '@mailwright/contract';
import { useMutation } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

export const CUSTOMERS_KEY = ['customers', 'list'] as const;
const refetchCustomers = () => invalidateList(CUSTOMERS_KEY);

/** Spec 3/9: the customer table sorts by customer name ascending, 15 a page. */
export function useCustomersList() {
  return usePagedList<Customer>({
    queryKey: CUSTOMERS_KEY,
    fetchPage: (query, signal) =>
      api(customersEndpoints.list, {
        query: { ...query, sort: query.sort === 'cid' || query.sort === 'created_at' ? query.sort : 'customer' },
        signal,
      }),
    pageSize: PAGE_SIZES.customers,
    sort: 'customer',
    order: 'asc',
  });
}

export function useCreateCustomer() {
  return useMutation({
    mutationFn: (body: CustomerInput) => api(customersEndpoints.create, { body }),
    onSuccess: (customer) => {
      notify(`Customer ${customer.customer} created`);
      return refetchCustomers();
    },
  });
}

export function useUpdateCustomer() {
  return useMutation({
    mutationFn: ({ cid, body }: { cid: number; body: CustomerInput }) =>
      saveChecked(
        cid,
        () => api(customersEndpoints.update, { params: { id: cid }, body }),
        (saved) => saved.cid,
      ),
    onSuccess: refetchCustomers,
  });
}

export function useSignContract() {
  return useMutation({
    mutationFn: (cid: number) =>
      saveChecked(
        cid,
        () => api(customersEndpoints.contract, { params: { cid } }),
        (saved) => saved.cid,
      ),
    onSuccess: refetchCustomers,
  });
}

/** Spec 4, two-step deletion: the first DELETE answers a confirm value, the second sends it back. */
export async function askDeleteConfirm(cid: number): Promise<string> {
  const answer = await api(customersEndpoints.remove, { params: { id: cid }, body: {} });
  if (!('confirm' in answer)) throw new Error('The server deleted without a confirm value');
  return answer.confirm;
}

export function useDeleteCustomer() {
  return useMutation({
    mutationFn: ({ cid, confirm }: { cid: number; confirm: string }) =>
      api(customersEndpoints.remove, { params: { id: cid }, body: { confirm } }),
    onSuccess: (answer) => {
      if ('message' in answer) notify(answer.message);
      return refetchCustomers();
    },
  });
}
