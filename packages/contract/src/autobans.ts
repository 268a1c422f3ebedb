import { z } from 'zod';
import { okResponse } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { SUPERADMIN } from './roles.ts';

/** Spec 1/3/7: user auto-bans (a sign-in name: console username or e-mail, or SMTP login) and IP auto-bans. */
export const AUTOBAN_TYPES = ['user', 'ip'] as const;
export type AutobanType = (typeof AUTOBAN_TYPES)[number];

export const autobanSchema = z.object({
  id: z.number().int(),
  type: z.enum(AUTOBAN_TYPES),
  /** The banned sign-in name (lower-cased) or client address. */
  value: z.string(),
  /** Why it was banned, e.g. "42 failed sign-ins in 60 minutes". */
  reason: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Autoban = z.infer<typeof autobanSchema>;

/** Spec 3: "Auto-bans: items, message". */
export const autobanList = z.object({ items: z.array(autobanSchema), message: z.string() });

const typeParams = z.object({ type: z.enum(AUTOBAN_TYPES) });

export const autobansEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/autobans/:type',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary: 'Active auto-bans of one type (user or ip), newest first; expired bans are lifted and not listed.',
    params: typeParams,
    response: autobanList,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/autoban/:type',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary: 'Lift an auto-ban at once: {value} is the banned name or address.',
    params: typeParams,
    body: z.object({ value: z.string().trim().toLowerCase().min(1, 'This field is required').max(254) }),
    response: okResponse,
  }),
} as const;
