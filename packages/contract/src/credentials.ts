import { z } from 'zod';
import { id, idParams, listOf, okResponse, password } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMINS } from './roles.ts';

/** An SMTP user of a domain. Its password is shown once, when created or reset, and stored hashed. */
export const credentialSchema = z.object({
  crid: z.number().int(),
  did: z.number().int(),
  /** The SMTP AUTH user name: an address at the domain, e.g. postmaster@example.com. */
  login: z.string(),
  note: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Credential = z.infer<typeof credentialSchema>;

/** A credential as answered right after create or reset: the only time the password is readable. */
export const credentialWithPassword = credentialSchema.extend({ password: z.string() });

const noteText = z.string().trim().max(500);
const note = noteText.default('');
/** A blank password means "generate one"; the answer carries it. */
const optionalPassword = password.optional().or(z.literal('').transform(() => undefined));

export const credentialCreate = z.object({
  /** The local part (postmaster) or the whole address (postmaster@example.com; must be at the domain). */
  login: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'This field is required')
    .max(254)
    .regex(/^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+(@[a-z0-9.-]+)?$/, 'Use a login such as postmaster or postmaster@<domain>'),
  password: optionalPassword,
  note,
});
export type CredentialCreate = z.infer<typeof credentialCreate>;

/**
 * No default for note here: leaving it out keeps the current note. The password changes only when asked: `reset: true`
 * (a new one is generated unless `password` is given) or a `password`; a note alone never touches it.
 */
export const credentialUpdate = z.object({
  password: optionalPassword,
  note: noteText.optional(),
  reset: z.boolean().optional(),
});
export type CredentialUpdate = z.infer<typeof credentialUpdate>;

/** The answer to an update: the new password when it was reset (shown once), else null. */
export const credentialUpdated = credentialSchema.extend({ password: z.string().nullable() });

const credentialParams = z.object({ id, crid: id });

export const credentialsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/credentials',
    access: ADMINS,
    tag: 'Credentials',
    summary: "A domain's SMTP users (passwords are never listed).",
    params: idParams,
    response: listOf(credentialSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/domains/:id/credentials',
    access: ADMINS,
    tag: 'Credentials',
    summary: 'Add an SMTP user; without a password one is generated. The password is answered once.',
    params: idParams,
    body: credentialCreate,
    response: credentialWithPassword,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/credentials/:crid',
    access: ADMINS,
    tag: 'Credentials',
    summary: 'One SMTP user.',
    params: credentialParams,
    response: credentialSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/credentials/:crid',
    access: ADMINS,
    tag: 'Credentials',
    summary:
      'Change the note, or reset the password with reset: true or a password (generated when none is given; answered once). A note alone keeps the password.',
    params: credentialParams,
    body: credentialUpdate,
    response: credentialUpdated,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/domains/:id/credentials/:crid',
    access: ADMINS,
    tag: 'Credentials',
    summary: 'Delete an SMTP user; it can no longer authenticate.',
    params: credentialParams,
    response: okResponse,
  }),
} as const;
