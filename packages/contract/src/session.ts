import { z } from 'zod';
import { email, id, okResponse, password } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { PROXY_ROLES, ROLES, SUBROLES } from './roles.ts';

export const sessionSchema = z.object({
  uid: z.number().int(),
  cid: z.number().int(),
  role: z.enum(ROLES),
  subrole: z.enum(SUBROLES).nullable(),
  company: z.object({
    cid: z.number().int(),
    name: z.string(),
    pcid: z.number().int().nullable(),
    has_clients: z.boolean(),
    partner: z.boolean(),
  }),
  username: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  totp_enabled: z.boolean(),
  /** The customer the signed-in user belongs to; differs from cid while acting as another customer (proxy). */
  origin: z.object({ cid: z.number().int(), name: z.string() }),
});
export type Session = z.infer<typeof sessionSchema>;

export const loginRequest = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(254),
  password: z.string().min(1, 'Enter your password').max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits')
    .optional(),
  persist_code: z.string().max(200).optional(),
  /** Ask for a persist code that skips the second factor on this device for 30 days. */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  session: sessionSchema,
  token: z.string(),
  persist_code: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const loginStatus = z.object({ session: sessionSchema });

export const passwordChangeRequest = z
  .object({
    password: z.string().max(200).optional(),
    token: z.string().max(200).optional(),
    new_password: password,
    new_password2: z.string().max(200),
  })
  .superRefine((value, ctx) => {
    if (!value.password && !value.token) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your current password' });
    }
    if (value.new_password !== value.new_password2) {
      ctx.addIssue({ code: 'custom', path: ['new_password2'], message: 'Passwords do not match' });
    }
  });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const twoFactorSetup = z.object({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorEnable = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
  secret: z
    .string()
    .regex(/^[A-Z2-7]{16,64}$/, 'Invalid secret')
    .optional(),
});

/** Turning the second factor off needs the password or a current code besides the session. */
export const twoFactorDisable = z
  .object({
    password: z.string().max(200).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The code has 6 digits')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((value, ctx) => {
    if (!value.password && !value.code) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password or a current code' });
    }
  });
export type TwoFactorDisable = z.infer<typeof twoFactorDisable>;

// Any text up to the longest we issue: a short or mistyped link gets the same 'invalid link' answer as a wrong one.
const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const sessionEndpoints = {
  loginStatus: defineEndpoint({
    method: 'GET',
    path: '/login',
    access: 'session',
    tag: 'Session',
    summary: 'Login status: the current session (the console pings it to detect a lost connection).',
    response: loginStatus,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/login',
    access: 'public',
    tag: 'Session',
    summary: 'Sign in. Answers 401 when a second factor is required or the code is wrong.',
    body: loginRequest,
    response: loginResponse,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/logout',
    access: 'session',
    tag: 'Session',
    summary: 'Sign out: revokes the bearer token.',
    response: okResponse,
  }),
  proxy: defineEndpoint({
    method: 'PUT',
    path: '/proxy/:id',
    access: PROXY_ROLES,
    tag: 'Session',
    summary: 'Act as customer {id} (superadmin: any customer; partner and admin: their own clients).',
    params: z.object({ id }),
    response: loginStatus,
  }),
  unproxy: defineEndpoint({
    method: 'DELETE',
    path: '/proxy',
    access: 'session',
    tag: 'Session',
    summary: 'Stop acting as another customer.',
    response: loginStatus,
  }),
  passwordReset: defineEndpoint({
    method: 'POST',
    path: '/password/reset',
    access: 'public',
    tag: 'Session',
    summary: 'Mail a password reset link. Answers the same whether or not the user exists.',
    body: z.object({ user: z.string().trim().min(1, 'Enter your username or email').max(254) }),
    response: okResponse,
  }),
  passwordResetCheck: defineEndpoint({
    method: 'GET',
    path: '/password/reset/:token',
    access: 'public',
    tag: 'Session',
    summary: 'Check a reset or activation token before showing the new-password form.',
    params: tokenParams,
    response: z.object({ username: z.string(), purpose: z.enum(['reset', 'activate']) }),
  }),
  passwordChange: defineEndpoint({
    method: 'POST',
    path: '/password/change',
    access: 'public',
    tag: 'Session',
    summary: 'Change the password: with the current password (signed in) or a reset/activation token.',
    body: passwordChangeRequest,
    response: okResponse,
  }),
  twoFactorSetup: defineEndpoint({
    method: 'GET',
    path: '/2fa',
    access: 'session',
    tag: 'Session',
    summary: 'A new TOTP secret and its otpauth:// URI, to show as a QR code before confirming.',
    response: twoFactorSetup,
  }),
  twoFactorEnable: defineEndpoint({
    method: 'POST',
    path: '/2fa',
    access: 'session',
    tag: 'Session',
    summary: 'Turn on the second factor: the secret shown and a current code from the authenticator.',
    body: twoFactorEnable,
    response: okResponse,
  }),
  twoFactorDisable: defineEndpoint({
    method: 'DELETE',
    path: '/2fa',
    access: 'session',
    tag: 'Session',
    summary: 'Turn off the second factor: needs the password or a current code (400 naming the field otherwise).',
    body: twoFactorDisable,
    response: okResponse,
  }),
  inviteAccept: defineEndpoint({
    method: 'GET',
    path: '/invite/:token',
    access: 'public',
    tag: 'Session',
    summary: 'Confirm an invitation; answers where the invitee goes next (activation to set a password).',
    params: tokenParams,
    response: z.object({
      message: z.string(),
      company: z.string(),
      email: email,
      activation_token: z.string().nullable(),
    }),
  }),
} as const;
