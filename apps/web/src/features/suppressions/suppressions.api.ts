import {
  PAGE_SIZES,
  type Suppression,
  type SuppressionCreate,
  type SuppressionType,
  suppressionsEndpoints,
} from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRemoveMutation } from '../../components/listMutations.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { ApiError, api } from '../../lib/api.ts';
import { domainNotFound, notify } from '../../lib/store.ts';
import { UPLOAD_POLL_MS } from './upload-progress.ts';

/** Every page of every type of a domain's lists sits under this key (a check or an upload touches several). */
const domainKey = (did: number) => ['suppressions', did] as const;
const listKey = (did: number, type: SuppressionType) => [...domainKey(did), type] as const;

/** Spec 9: suppressions are 10 a page, newest first. */
export function useSuppressionList(did: number, type: SuppressionType) {
  return usePagedList<Suppression>({
    queryKey: listKey(did, type),
    fetchPage: async (query, signal) => {
      try {
        return await api(suppressionsEndpoints.list, { params: { domain: did, type }, query, signal });
      } catch (error) {
        // Spec 8: a 404 on a domain-scoped load (the domain is gone) runs the not-found action.
        if (error instanceof ApiError && error.status === 404) domainNotFound();
        throw error;
      }
    },
    pageSize: PAGE_SIZES.suppressions,
    sort: 'created_at',
    order: 'desc',
  });
}

export function useAddSuppression(did: number, type: SuppressionType) {
  return useMutation({
    mutationFn: (body: SuppressionCreate) => api(suppressionsEndpoints.create, { params: { domain: did, type }, body }),
    onSuccess: (added) => {
      notify(`${added.recipient} added to the ${type} list`);
      return invalidateList(domainKey(did));
    },
  });
}

/** Spec 7: delete by sid (a row) or by recipient (from a check). */
export function useRemoveSuppression(did: number) {
  return useRemoveMutation(
    domainKey(did),
    ({ type, ...by }: { type: SuppressionType; sid?: number; recipient?: string }) =>
      api(suppressionsEndpoints.remove, { params: { domain: did, type }, query: by }),
  );
}

export function useCheckRecipient(did: number) {
  return useMutation({
    mutationFn: (recipient: string) => api(suppressionsEndpoints.check, { params: { domain: did, recipient } }),
  });
}

/**
 * Multipart POST upload/suppressions/{domain} {file, type}. Spec 8: an upload answered 401 shows the message (the
 * mutation cache shows it in the error snackbar) instead of signing out.
 */
export function useUploadSuppressions(did: number) {
  return useMutation({
    mutationFn: ({ file, type }: { file: File; type: SuppressionType }) => {
      const formData = new FormData();
      formData.set('type', type);
      formData.set('file', file);
      return api(suppressionsEndpoints.upload, { params: { domain: did }, formData, reportUnauthorized: true });
    },
  });
}

/** Follows an upload until it is done or failed; then the domain's lists re-fetch (spec 4). */
export function useUploadStatus(did: number, id: number | null) {
  return useQuery({
    queryKey: ['upload-status', id],
    queryFn: async ({ signal }) => {
      const status = await api(suppressionsEndpoints.uploadStatus, { params: { id: id ?? 0 }, signal });
      if (status.state === 'done') await invalidateList(domainKey(did));
      return status;
    },
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' || query.state.status === 'error' ? false : UPLOAD_POLL_MS;
    },
  });
}
