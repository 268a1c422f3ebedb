import {
  type Credential,
  type CredentialCreate,
  type CredentialUpdate,
  credentialsEndpoints,
} from '@mailwright/contract';
import { useMutation } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

const smtpUsersKey = (did: number) => ['credentials', did] as const;

/** A domain's SMTP users: the API answers them all at once (no paging). */
export function useSmtpUsers(did: number) {
  return usePagedList<Credential>({
    queryKey: smtpUsersKey(did),
    fetchPage: (_page, signal) => api(credentialsEndpoints.list, { params: { id: did }, signal }),
    pageSize: 0,
  });
}

export function useCreateSmtpUser(did: number) {
  return useMutation({
    mutationFn: (body: CredentialCreate) => api(credentialsEndpoints.create, { params: { id: did }, body }),
    onSuccess: (created) => {
      notify(`SMTP user ${created.login} created`);
      return invalidateList(smtpUsersKey(did));
    },
  });
}

/** A new password (generated when none is given) and optionally a new note; checked for the same id (spec 5). */
export function useResetSmtpUser(did: number) {
  return useMutation({
    mutationFn: ({ crid, body }: { crid: number; body: CredentialUpdate }) =>
      saveChecked(
        crid,
        () => api(credentialsEndpoints.update, { params: { id: did, crid }, body }),
        (saved) => saved.crid,
      ),
    onSuccess: () => invalidateList(smtpUsersKey(did)),
  });
}

export function useDeleteSmtpUser(did: number) {
  return useMutation({
    mutationFn: (crid: number) => api(credentialsEndpoints.remove, { params: { id: did, crid } }),
    onSuccess: (result) => {
      notify(result.message);
      return invalidateList(smtpUsersKey(did));
    },
  });
}
