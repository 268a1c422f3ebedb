import { assignableRoles, type Role, SUBROLES, type User, userCreate, userUpdate } from '@mailwright/contract';
import { type Control, type Path, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormTextField, type SelectOption } from '../../components/FormFields.tsx';
import { useAppState } from '../../lib/store.ts';
import { useCreateUser, useUpdateUser } from './users.api.ts';

/** The edit form's email may be cleared: an empty field means "no email" (null), as the contract expects. */
const userEditForm = userUpdate.extend({
  email: z.union([z.literal('').transform(() => null), userUpdate.shape.email]),
});

const SUBROLE_OPTIONS: SelectOption[] = [
  { value: '', label: 'None' },
  ...SUBROLES.map((subrole) => ({ value: subrole, label: subrole })),
];

/** Spec 5/6: superadmin only for a superadmin session; partner only inside a partner customer. */
export function useRoleOptions(current?: Role): SelectOption[] {
  const session = useAppState((s) => s.session);
  const roles = session ? assignableRoles(session.role, session.company.partner) : [];
  // A user may already hold a role this session cannot give (e.g. a superadmin seen by an admin): show it as is.
  if (current && !roles.includes(current)) roles.push(current);
  return roles.map((role) => ({ value: role, label: role }));
}

export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const roles = useRoleOptions();
  return (
    <FormDialog
      open={open}
      title="New user"
      submitLabel="Create"
      schema={userCreate}
      defaultValues={{ username: '', email: '', full_name: '', role: 'user', subrole: null, password: '' }}
      onSubmit={(body) => create.mutateAsync(body)}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="username" label="Username" autoComplete="off" autoFocus />
          <FormTextField control={control} name="full_name" label="Full name" autoComplete="off" />
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="off" />
          <FormSelect control={control} name="role" label="Role" options={roles} />
          <SubroleField control={control} />
          <FormTextField
            control={control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            helperText="Leave empty to mail an activation link to the email address instead."
          />
        </>
      )}
    </FormDialog>
  );
}

export function EditUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const update = useUpdateUser();
  const roles = useRoleOptions(user?.role);
  const self = useAppState((s) => s.session?.uid === user?.uid);
  return (
    <FormDialog
      open={user !== null}
      title={`Edit ${user?.username ?? 'user'}`}
      schema={userEditForm}
      defaultValues={{
        email: user?.email ?? '',
        full_name: user?.full_name ?? '',
        role: user?.role ?? 'user',
        subrole: user?.subrole ?? null,
      }}
      onSubmit={(body) => (user ? update.mutateAsync({ uid: user.uid, body }) : Promise.resolve())}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="full_name" label="Full name" autoComplete="off" autoFocus />
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="off" />
          <FormSelect
            control={control}
            name="role"
            label="Role"
            options={roles}
            disabled={self}
            helperText={self ? 'You cannot change your own role.' : undefined}
          />
          <SubroleField control={control} />
        </>
      )}
    </FormDialog>
  );
}

/** The subrole matters only for a superadmin (master or mta operators). Both forms have role and subrole. */
function SubroleField<T extends { role?: Role; subrole?: string | null }>({ control }: { control: Control<T> }) {
  const role = useWatch({ control, name: 'role' as Path<T> });
  if (role !== 'superadmin') return null;
  return (
    <FormSelect
      control={control}
      name={'subrole' as Path<T>}
      label="Operator subrole"
      options={SUBROLE_OPTIONS}
      emptyAsNull
    />
  );
}
