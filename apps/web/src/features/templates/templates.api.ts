import {
  type Template,
  type TemplateCreate,
  type TemplateRendered,
  type TemplateUpdate,
  type TemplateVersion,
  templatesEndpoints,
} from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { ApiError, api } from '../../lib/api.ts';
import { domainNotFound, notify } from '../../lib/store.ts';

/** Every query of a domain's templates sits under this key, so one invalidation re-fetches list, detail and history. */
const templatesKey = (did: number) => ['templates', did] as const;
const PAGE_SIZE = 20;

/** Spec 8: a 404 on the template list (the domain is gone) runs the not-found action; 401 signs out (the client). */
export function useTemplates(did: number) {
  return usePagedList<Template>({
    queryKey: [...templatesKey(did), 'list'],
    fetchPage: async (query, signal) => {
      try {
        // Spec 3: the template list holds items and total (the table reads total_count).
        const page = await api(templatesEndpoints.list, { params: { domain: did }, query, signal });
        return { items: page.items, total_count: page.total };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) domainNotFound();
        throw error;
      }
    },
    pageSize: PAGE_SIZE,
    sort: 'name',
  });
}

/** One template with its active version; a 404 is shown by the screen ('Template not found!'). */
export function useTemplate(did: number, tmplid: number) {
  return useQuery({
    queryKey: [...templatesKey(did), 'one', tmplid],
    queryFn: ({ signal }) => api(templatesEndpoints.get, { params: { domain: did, tmplid }, signal }),
  });
}

export function useTemplateHistory(did: number, tmplid: number) {
  return useQuery({
    queryKey: [...templatesKey(did), 'history', tmplid],
    queryFn: ({ signal }): Promise<{ items: TemplateVersion[]; total: number }> =>
      api(templatesEndpoints.history, { params: { domain: did, tmplid }, query: { limit: 0 }, signal }),
    meta: { silent: true },
  });
}

export function useCreateTemplate(did: number) {
  return useMutation({
    mutationFn: (body: TemplateCreate) => api(templatesEndpoints.create, { params: { domain: did }, body }),
    onSuccess: (saved) => {
      notify(saved.message);
      return invalidateList(templatesKey(did));
    },
  });
}

/** Saves changes (new content is a new version); says 'Template saved!' once the answer names the same template. */
export function useSaveTemplate(did: number, tmplid: number) {
  return useMutation({
    mutationFn: (body: TemplateUpdate) =>
      saveChecked(
        tmplid,
        () => api(templatesEndpoints.update, { params: { domain: did, tmplid }, body }),
        (saved) => saved.tmplid,
        (saved) => saved.message,
      ),
    onSuccess: () => invalidateList(templatesKey(did)),
  });
}

export function useActivateVersion(did: number, tmplid: number) {
  return useMutation({
    mutationFn: (version: number) =>
      saveChecked(
        tmplid,
        () => api(templatesEndpoints.activate, { params: { domain: did, tmplid, version } }),
        (saved) => saved.tmplid,
        (saved) => saved.message,
      ),
    onSuccess: () => invalidateList(templatesKey(did)),
  });
}

export function useDeleteTemplate(did: number) {
  return useMutation({
    mutationFn: (tmplid: number) => api(templatesEndpoints.remove, { params: { domain: did, tmplid } }),
    onSuccess: (result) => {
      notify(result.message);
      return invalidateList(templatesKey(did));
    },
  });
}

export interface PreviewInput {
  subject: string;
  html: string;
  text: string;
  variables: Record<string, unknown>;
  /** Render as a strict template sends: a missing printed variable is an error. */
  strict?: boolean;
}

/**
 * The rendered preview of content, by the server's renderer (the same helpers and escaping as sending). Errors are
 * shown beside the preview (a syntax error while typing is no snackbar).
 */
export function useRenderedPreview(did: number, input: PreviewInput | null) {
  return useQuery<TemplateRendered, ApiError>({
    queryKey: [...templatesKey(did), 'render', input],
    queryFn: ({ signal }) =>
      api(templatesEndpoints.render, { params: { domain: did }, body: input ?? undefined, signal }),
    enabled: input !== null,
    meta: { silent: true },
    placeholderData: (previous) => previous,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
