import { z } from 'zod';
import { email, id, idParams, listOf, okResponse, pageQuery, password, username } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMINS, ROLES, SUBROLES } from './roles.ts';

export const USER_STATES = ['active', 'inactive', 'invited'] as const;

export const userSchema = z.object({
  uid: z.number().int(),
  cid: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  full_name: z.string(),
  role: z.enum(ROLES),
  subrole: z.enum(SUBROLES).nullable(),
  state: z.enum(USER_STATES),
  external: z.boolean(),
  totp_enabled: z.boolean(),
  providers: z.array(z.string()),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

const fullName = z.string().trim().max(200);

export const userCreate = z.object({
  username,
  email: email.optional().or(z.literal('').transform(() => undefined)),
  full_name: fullName.default(''),
  role: z.enum(ROLES),
  subrole: z.enum(SUBROLES).nullable().default(null),
  /** Without a password the user is created inactive and mailed an activation link. */
  password: password.optional().or(z.literal('').transform(() => undefined)),
});
export type UserCreate = z.infer<typeof userCreate>;

export const userUpdate = z.object({
  email: email.nullable().optional(),
  full_name: fullName.optional(),
  role: z.enum(ROLES).optional(),
  subrole: z.enum(SUBROLES).nullable().optional(),
});
export type UserUpdate = z.infer<typeof userUpdate>;

export const inviteRequest = z.object({
  email,
  role: z.enum(ROLES).default('user'),
  full_name: fullName.default(''),
});
export type InviteRequest = z.infer<typeof inviteRequest>;

export const usersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/users',
    access: ADMINS,
    tag: 'Users',
    summary: "The acting customer's users, external (invited) users included.",
    query: pageQuery,
    response: listOf(userSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/users',
    access: ADMINS,
    tag: 'Users',
    summary: 'Create a user in the acting customer.',
    body: userCreate,
    response: userSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/users/:id',
    access: ADMINS,
    tag: 'Users',
    summary: 'One user.',
    params: idParams,
    response: userSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/users/:id',
    access: ADMINS,
    tag: 'Users',
    summary: 'Update a user.',
    params: idParams,
    body: userUpdate,
    response: userSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/users/:id',
    access: ADMINS,
    tag: 'Users',
    summary: 'Delete a user (and revoke its sessions).',
    params: idParams,
    response: okResponse,
  }),
  activate: defineEndpoint({
    method: 'PATCH',
    path: '/users/:id',
    access: ADMINS,
    tag: 'Users',
    summary: 'Activate or deactivate a user; deactivating revokes its sessions.',
    params: idParams,
    body: z.object({ active: z.boolean().default(true) }),
    response: userSchema,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/users/invite/:id',
    access: ADMINS,
    tag: 'Users',
    summary: 'Send the invitation of an external (invited) user again.',
    params: idParams,
    response: z.object({ message: z.string(), invite_url: z.string() }),
  }),
  uninvite: defineEndpoint({
    method: 'DELETE',
    path: '/users/invite/:id',
    access: ADMINS,
    tag: 'Users',
    summary: 'Withdraw an invitation: removes the external user.',
    params: idParams,
    response: okResponse,
  }),
  forceLogout: defineEndpoint({
    method: 'POST',
    path: '/users/:id/logout',
    access: ADMINS,
    tag: 'Users',
    summary: "Force a user to log out: revokes all of the user's sessions.",
    params: idParams,
    response: okResponse,
  }),
  unlinkProvider: defineEndpoint({
    method: 'DELETE',
    path: '/users/:id/oauth/:provider',
    access: ADMINS,
    tag: 'Users',
    summary: 'Unlink a sign-in provider from a user.',
    params: z.object({ id, provider: z.string().min(1).max(50) }),
    response: okResponse,
  }),
  customerInvite: defineEndpoint({
    method: 'POST',
    path: '/customers/invite',
    access: ADMINS,
    tag: 'Users',
    summary: 'Invite a person by email into the acting customer; answers the invite link as well.',
    body: inviteRequest,
    response: z.object({ user: userSchema, invite_url: z.string() }),
  }),
} as const;
