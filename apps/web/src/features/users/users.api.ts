import { type InviteRequest, type User, type UserCreate, type UserUpdate, usersEndpoints } from '@mailwright/contract';
import { useMutation } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

/** Every page of the acting customer's user list sits under this key (a customer switch resets all queries). */
export const USERS_KEY = ['users'] as const;
const USERS_PAGE_SIZE = 20;

export function useUsersList() {
  return usePagedList<User>({
    queryKey: USERS_KEY,
    fetchPage: (query, signal) => api(usersEndpoints.list, { query, signal }),
    pageSize: USERS_PAGE_SIZE,
    sort: 'username',
  });
}

/** Spec 4: the list re-fetches after every create, update or delete. */
const refetchUsers = () => invalidateList(USERS_KEY);

export function useCreateUser() {
  return useMutation({
    mutationFn: (body: UserCreate) => api(usersEndpoints.create, { body }),
    onSuccess: (user) => {
      notify(
        user.state === 'active'
          ? `User ${user.username} created`
          : `User ${user.username} created: activation link sent`,
      );
      return refetchUsers();
    },
  });
}

export function useUpdateUser() {
  return useMutation({
    mutationFn: ({ uid, body }: { uid: number; body: UserUpdate }) =>
      saveChecked(
        uid,
        () => api(usersEndpoints.update, { params: { id: uid }, body }),
        (saved) => saved.uid,
      ),
    onSuccess: refetchUsers,
  });
}

export function useSetUserActive() {
  return useMutation({
    mutationFn: ({ uid, active }: { uid: number; active: boolean }) =>
      saveChecked(
        uid,
        () => api(usersEndpoints.activate, { params: { id: uid }, body: { active } }),
        (u) => u.uid,
      ),
    onSuccess: refetchUsers,
  });
}

export function useInviteUser() {
  return useMutation({
    mutationFn: (body: InviteRequest) => api(usersEndpoints.customerInvite, { body }),
    onSuccess: () => refetchUsers(),
  });
}

/** The user-row actions that answer only a message: delete, force logout, invitations, provider unlinking. */
export function useUserCommand() {
  return useMutation({
    mutationFn: (command: UserCommand) => runCommand(command),
    onSuccess: (result) => {
      notify(result.message);
      return refetchUsers();
    },
  });
}

export type UserCommand =
  | { kind: 'delete' | 'force-logout' | 'resend-invite' | 'withdraw-invite'; uid: number }
  | { kind: 'unlink'; uid: number; provider: string };

function runCommand(command: UserCommand): Promise<{ message: string }> {
  const params = { id: command.uid };
  switch (command.kind) {
    case 'delete':
      return api(usersEndpoints.remove, { params });
    case 'force-logout':
      return api(usersEndpoints.forceLogout, { params });
    case 'resend-invite':
      return api(usersEndpoints.invite, { params });
    case 'withdraw-invite':
      return api(usersEndpoints.uninvite, { params });
    case 'unlink':
      return api(usersEndpoints.unlinkProvider, { params: { id: command.uid, provider: command.provider } });
  }
}
