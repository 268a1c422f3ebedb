import { billingCatalogueEndpoints, buildPath, type InvoiceList, invoicesEndpoints } from '@mailwright/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, reportApiError } from '../../lib/api.ts';
import { getState, notify } from '../../lib/store.ts';

const BILLING_KEY = ['account-billing'] as const;

/** GET billing: the tier, this period's usage against the allowance and the estimated invoice. */
export function useBillingOverview() {
  return useQuery({
    queryKey: [...BILLING_KEY, 'overview'],
    queryFn: ({ signal }) => api(invoicesEndpoints.overview, { signal }),
  });
}

/**
 * billing/invoices. Spec 8: a 404 sets the no-invoice flag (the screen then says there are none) instead of being an
 * error, so the answer here is the list or `null`.
 */
export function useInvoices() {
  return useQuery({
    queryKey: [...BILLING_KEY, 'invoices'],
    queryFn: async ({ signal }): Promise<InvoiceList | null> => {
      try {
        return await api(invoicesEndpoints.invoices, { signal, quiet: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Pay: Stripe Checkout's page for the invoice, where the browser goes next. */
export function usePayInvoice() {
  return useMutation({
    mutationFn: (id: number) => api(invoicesEndpoints.paymentStart, { params: { id } }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: reportApiError,
  });
}

/**
 * The breakdown file (CSV per domain per day, or the invoice as PDF), fetched with the session's token and handed to
 * the browser as a download (a plain link could not carry the Authorization header).
 */
export async function downloadInvoiceFile(id: number, format: 'csv' | 'pdf'): Promise<void> {
  const path = buildPath(invoicesEndpoints.breakdown.path, { id });
  const token = getState().token;
  try {
    const res = await fetch(`/api${path}?format=${format}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new ApiError(res.status, body?.message ?? `${res.status}: Unknown error`);
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `invoice.${format}`;
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    reportApiError(error instanceof ApiError ? error : new ApiError(0, 'Could not download the file'));
  }
}

/** Spec 9: tiers are fetched with limit 0 (all current ones), for the customer's tier change. */
export function useCurrentTiers(enabled: boolean) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'tiers'],
    queryFn: ({ signal }) => api(billingCatalogueEndpoints.tiers, { query: { limit: 0 }, signal }),
    enabled,
  });
}

/** A tier change: to Checkout when there is something to pay now, else applied at once. */
export function useChangeTier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (btid: number) => api(invoicesEndpoints.paymentTier, { params: { btid } }),
    onSuccess: ({ url, message }) => {
      if (message) {
        notify(message);
        void client.invalidateQueries({ queryKey: BILLING_KEY });
      } else window.location.assign(url);
    },
    onError: reportApiError,
  });
}
