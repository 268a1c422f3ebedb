import { z } from 'zod';
import { calendarDate } from './billing-customers.ts';
import { id, idParams } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { parseIp, sendingIpProblem } from './ip-address.ts';
import { ADMINS, SUPERADMIN } from './roles.ts';

/** Issue 16: sending IPs (spec 3 "IP: ip, ipid"), IP pools ("id, title, cid") and IP warm-up. */

export const IP_MODIFIED_MESSAGE = 'IP address modified successfully!';

/** Warm-up caps are per destination provider, told apart by the MX host of the recipient's domain. */
export const WARMUP_PROVIDERS = ['gmail', 'microsoft', 'yahoo', 'other'] as const;
export type WarmupProvider = (typeof WARMUP_PROVIDERS)[number];

const cap = z.number().int().min(0, 'A cap cannot be negative').max(10_000_000);
export const warmupDayCaps = z.object({ gmail: cap, microsoft: cap, yahoo: cap, other: cap });
export type WarmupDayCaps = z.infer<typeof warmupDayCaps>;
/** One entry per day of the ramp: day 1 is the first. After the last day the address counts as warmed. */
export const warmupSchedule = z
  .array(warmupDayCaps)
  .min(1, 'A warm-up schedule has at least one day')
  .max(120, 'A warm-up schedule has at most 120 days');

export const sentPerProvider = z.object({
  gmail: z.number(),
  microsoft: z.number(),
  yahoo: z.number(),
  other: z.number(),
});

/** Where an address is in its warm-up: day N of M, what it sent today and today's caps. */
export const warmupProgressSchema = z.object({
  started_on: z.string(),
  day: z.number().int(),
  days: z.number().int(),
  /** True once day > days: the address sends without caps from then on. */
  complete: z.boolean(),
  custom_schedule: z.boolean(),
  schedule: warmupSchedule,
  caps_today: warmupDayCaps,
  sent_today: sentPerProvider,
});
export type WarmupProgress = z.infer<typeof warmupProgressSchema>;

export const sendingIpSchema = z.object({
  ipid: z.number().int(),
  ip: z.string(),
  /** The reverse (PTR) name of the address: the EHLO name when sending from it. */
  ptr_host: z.string().nullable(),
  pool_id: z.number().int().nullable(),
  pool_title: z.string().nullable(),
  warmup: warmupProgressSchema.nullable(),
  created_at: z.string(),
});
export type SendingIp = z.infer<typeof sendingIpSchema>;

export const sendingIpAddress = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(45, 'An IP address has at most 45 characters')
  .superRefine((value, ctx) => {
    const problem = sendingIpProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => parseIp(value)?.canonical ?? value);

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
export const ptrHost = z
  .string()
  .trim()
  .toLowerCase()
  .transform((host) => host.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253, 'A host name has at most 253 characters')
      .refine(
        (host) => host === '' || host.split('.').every((label) => HOST_LABEL.test(label)),
        'Enter a host name such as mail1.example.com',
      ),
  )
  .transform((host) => (host === '' ? null : host));

export const ipInput = z.object({
  ip: sendingIpAddress,
  ptr_host: ptrHost.nullable().optional(),
  pool_id: id.nullable().optional(),
  /** null or absent: the address is warmed. An object puts it in warm-up (started today unless told). */
  warmup: z
    .object({ started_on: calendarDate.optional(), schedule: warmupSchedule.nullable().optional() })
    .nullable()
    .optional(),
});
export type IpInput = z.input<typeof ipInput>;

export const ipPoolIpSchema = z.object({
  ipid: z.number().int(),
  ip: z.string(),
  ptr_host: z.string().nullable(),
  warmup: warmupProgressSchema.pick({ day: true, days: true, complete: true }).nullable(),
});

export const ipPoolSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The owning customer: a dedicated pool. null: a system pool. */
  cid: z.number().int().nullable(),
  customer: z.string().nullable(),
  is_default: z.boolean(),
  ips: z.array(ipPoolIpSchema),
  domains: z.array(z.object({ id: z.number().int(), name: z.string() })),
  customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type IpPool = z.infer<typeof ipPoolSchema>;

export const ipPoolInput = z.object({
  title: z.string().trim().min(1, 'This field is required').max(100, 'A title has at most 100 characters'),
  cid: id.nullable().optional(),
  is_default: z.boolean().optional(),
});
export type IpPoolInput = z.input<typeof ipPoolInput>;

/** Which pool a domain sends from and why: its own, its customer's, the system default, or none (any address). */
export const POOL_SOURCES = ['domain', 'customer', 'default', 'none'] as const;
export const domainPoolSchema = z.object({
  domain_id: z.number().int(),
  pool_id: z.number().int().nullable(),
  source: z.enum(POOL_SOURCES),
  pool: z.object({ id: z.number().int(), title: z.string(), cid: z.number().int().nullable() }).nullable(),
  ips: z.array(z.object({ ip: z.string(), ptr_host: z.string().nullable() })),
});
export type DomainPool = z.infer<typeof domainPoolSchema>;

export const poolAssignment = z.object({ pool_id: id.nullable() });

export const ipCheckSchema = z.object({ match: z.boolean(), host: z.string().nullable(), message: z.string() });
export type IpCheck = z.infer<typeof ipCheckSchema>;

const tag = 'IP management';

export const ipsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/ips',
    access: SUPERADMIN,
    tag,
    summary: 'Every sending IP with its PTR name, pool and warm-up progress.',
    response: z.object({ items: z.array(sendingIpSchema), total_count: z.number().int() }),
  }),
  check: defineEndpoint({
    method: 'GET',
    path: '/ips/check',
    access: SUPERADMIN,
    tag,
    summary:
      'Forward-confirmed reverse DNS of an address: its PTR name, and whether that name resolves back to it (match).',
    query: z.object({ ip: sendingIpAddress }),
    response: ipCheckSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/ips/:id',
    access: SUPERADMIN,
    tag,
    summary: 'One sending IP.',
    params: idParams,
    response: sendingIpSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/ips',
    access: SUPERADMIN,
    tag,
    summary: 'Add a sending IP (400 with field errors for an invalid or duplicate address).',
    body: ipInput,
    response: sendingIpSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/ips/:id',
    access: SUPERADMIN,
    tag,
    summary: `Change a sending IP; answers '${IP_MODIFIED_MESSAGE}'.`,
    params: idParams,
    body: ipInput,
    response: z.object({ message: z.string(), ip: sendingIpSchema }),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/ips/:id',
    access: SUPERADMIN,
    tag,
    summary:
      'Two-step delete (spec 4): without {confirm} answers a confirm value (409 when the IP is still in a pool and ' +
      '{force} is not set); with it, deletes the IP.',
    params: idParams,
    body: z.object({ confirm: z.string().max(100).optional(), force: z.boolean().optional() }).default({}),
    response: z.union([z.object({ confirm: z.string(), message: z.string() }), z.object({ message: z.string() })]),
  }),
} as const;

export const ipPoolsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/ips/pools',
    access: ADMINS,
    tag,
    summary: "IP pools: an operator sees all, a customer's admin its own dedicated pools (read-only).",
    response: z.object({ items: z.array(ipPoolSchema), total_count: z.number().int() }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/ips/pools',
    access: SUPERADMIN,
    tag,
    summary: 'Create a pool: with cid a dedicated pool of that customer, else a system pool.',
    body: ipPoolInput,
    response: ipPoolSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/ips/pools/:id',
    access: SUPERADMIN,
    tag,
    summary: 'Rename a pool, change its owner or make it the system default.',
    params: idParams,
    body: ipPoolInput,
    response: ipPoolSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/ips/pools/:id',
    access: SUPERADMIN,
    tag,
    summary: 'Delete a pool; its IPs stay, unassigned, and its domains and customers fall back to the default.',
    params: idParams,
    response: z.object({ message: z.string() }),
  }),
  domainPool: defineEndpoint({
    method: 'GET',
    path: '/ips/pools/domain/:id',
    access: 'session',
    tag,
    summary: 'The pool a domain sends from and why (its own, its customer’s, the default, or none).',
    params: idParams,
    response: domainPoolSchema,
  }),
  assignDomain: defineEndpoint({
    method: 'PUT',
    path: '/ips/pools/domain/:id',
    access: SUPERADMIN,
    tag,
    summary: "Assign a pool to a domain (null: use the customer's pool or the default). Another customer's pool: 400.",
    params: idParams,
    body: poolAssignment,
    response: domainPoolSchema,
  }),
  assignCustomer: defineEndpoint({
    method: 'PUT',
    path: '/ips/pools/customer/:id',
    access: SUPERADMIN,
    tag,
    summary: "Assign a pool to a customer's domains (a domain's own pool wins). Another customer's pool: 400.",
    params: idParams,
    body: poolAssignment,
    response: z.object({ message: z.string() }),
  }),
} as const;

/**
 * The console's forms (issue 16): the IP form takes the warm-up schedule as text, one day a line of four caps
 * "gmail microsoft yahoo other" (blank: the default ramp), and answers the API's ipInput.
 */
export function formatWarmupSchedule(schedule: readonly WarmupDayCaps[] | null): string {
  return (schedule ?? []).map((day) => WARMUP_PROVIDERS.map((provider) => day[provider]).join(' ')).join('\n');
}

export function parseWarmupSchedule(text: string): WarmupDayCaps[] | string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > 120) return 'A warm-up schedule has at most 120 days';
  const days: WarmupDayCaps[] = [];
  for (const [index, line] of lines.entries()) {
    const caps = line.split(/[\s,;]+/);
    if (caps.length !== 4 || !caps.every((cap) => /^\d{1,8}$/.test(cap))) {
      return `Day ${index + 1}: give four whole numbers (gmail, microsoft, yahoo, other)`;
    }
    const [gmail, microsoft, yahoo, other] = caps.map(Number) as [number, number, number, number];
    days.push({ gmail, microsoft, yahoo, other });
  }
  return days;
}

export const ipForm = z
  .object({
    ip: sendingIpAddress,
    ptr_host: ptrHost,
    pool_id: z.string(),
    warmup: z.boolean(),
    started_on: z.union([z.literal(''), calendarDate]),
    schedule: z.string().max(20_000),
  })
  .transform((form, ctx): z.input<typeof ipInput> => {
    const schedule = form.warmup && form.schedule.trim() ? parseWarmupSchedule(form.schedule) : null;
    if (typeof schedule === 'string') {
      ctx.addIssue({ code: 'custom', path: ['schedule'], message: schedule });
      return z.NEVER;
    }
    return {
      ip: form.ip,
      ptr_host: form.ptr_host,
      pool_id: form.pool_id ? Number(form.pool_id) : null,
      warmup: form.warmup ? { ...(form.started_on ? { started_on: form.started_on } : {}), schedule } : null,
    };
  });
export type IpFormValues = z.input<typeof ipForm>;

export const ipPoolForm = z
  .object({ title: ipPoolInput.shape.title, cid: z.string(), is_default: z.boolean() })
  .transform(
    (form): IpPoolInput => ({
      title: form.title,
      cid: form.cid ? Number(form.cid) : null,
      is_default: form.is_default,
    }),
  );
export type IpPoolFormValues = z.input<typeof ipPoolForm>;
