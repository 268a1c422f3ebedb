import { z } from 'zod';
import { id, listOf, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { SUPERADMIN } from './roles.ts';

/**
 * Vetting (spec 3, 4, 7 and 8; issue 15). A customer created as a client, through an invitation or by signing up
 * fills in a form at the guest route /vetting/{token}; an operator approves or rejects the customer with a note, and
 * approves (with a data location) or rejects each sending domain. Until the customer is approved it may send only
 * through its sandbox domain or to its own users' addresses (docs/vetting.md).
 */

/** Spec 8 texts, spelled as the spec spells them. */
export const VETTING_MSG = {
  submitted: 'Vetting form succesfully sent. Thank you! We will evaluate the data and get back to you!',
  saved: 'Saved succesfully!',
  notFound: 'Vetting form not found!',
  alreadySent: 'This vetting form was already sent.',
  decided: 'Vetting decision saved!',
} as const;

/** Spec 4: the guest form's status. */
export const VETTING_FORM_STATUSES = ['inprogress', 'submitted', 'invalid', 'justsubmitted'] as const;
export type VettingFormStatus = (typeof VETTING_FORM_STATUSES)[number];

export const MAIL_KINDS = ['transactional', 'notifications', 'newsletters', 'marketing', 'other'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** The answers. Every field may stay empty in a draft; a finished form needs all but the free text (checked below). */
export const vettingResponses = z.object({
  company: text(200).default(''),
  website: text(300).default(''),
  /** ISO 3166-1 alpha-3 (extras/countries); the server checks it is a real country. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{3})?$/, 'Choose a country')
    .default(''),
  monthly_volume: z.coerce.number().int().min(0, 'Enter 0 or more').max(1_000_000_000).nullable().default(null),
  mail_kinds: z.array(z.enum(MAIL_KINDS)).max(MAIL_KINDS.length).default([]),
  address_collection: text(2000).default(''),
  unsubscribe_handling: text(2000).default(''),
  /** A data location code (extras/locations); empty: no preference. */
  location: z
    .string()
    .trim()
    .regex(/^([a-z0-9][a-z0-9-]{0,31})?$/, 'Choose a data location')
    .default(''),
  notes: text(5000).default(''),
});
export type VettingResponses = z.infer<typeof vettingResponses>;

const REQUIRED: (keyof VettingResponses)[] = [
  'company',
  'website',
  'country',
  'monthly_volume',
  'mail_kinds',
  'address_collection',
  'unsubscribe_handling',
];

/** Spec 4: a save with `finished` set ends the form (justsubmitted); without it, a draft. */
export const vettingFormSave = z
  .object({ responses: vettingResponses, finished: z.boolean().default(false) })
  .superRefine((v, ctx) => {
    if (!v.finished) return;
    for (const field of REQUIRED) {
      const value = v.responses[field];
      const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
      if (empty) ctx.addIssue({ code: 'custom', message: 'This field is required', path: ['responses', field] });
    }
  });
export type VettingFormSave = z.input<typeof vettingFormSave>;

export const VETTING_DECISIONS = ['approve', 'reject'] as const;
export const vettingDecision = z.enum(VETTING_DECISIONS);
export type VettingDecision = z.infer<typeof vettingDecision>;

/** Spec 3, Vetting (customer): customer, responses, finished, decision, note. */
export const customerVettingSchema = z.object({
  customer: z.string(),
  responses: vettingResponses,
  finished: z.boolean(),
  decision: vettingDecision.nullable(),
  note: z.string(),
});
export type CustomerVetting = z.infer<typeof customerVettingSchema>;

/** The operator's row: the form plus whose it is and who decided when. */
export const customerVettingItem = customerVettingSchema.extend({
  cid: z.number().int(),
  email: z.string(),
  finished_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerVettingItem = z.infer<typeof customerVettingItem>;

export const VETTING_FILTERS = ['open', 'approve', 'reject', 'all'] as const;
/** open: no decision yet (finished forms first). */
export const vettingListQuery = pageQuery.extend({ state: z.enum(VETTING_FILTERS).default('open') });
export type VettingListQuery = z.input<typeof vettingListQuery>;

export const customerDecisionRequest = z
  .object({ decision: vettingDecision, note: text(2000).default('') })
  .refine((v) => v.decision === 'approve' || v.note.length > 0, {
    message: 'Say why the customer is rejected',
    path: ['note'],
  });
export type CustomerDecisionRequest = z.input<typeof customerDecisionRequest>;

/** Spec 3, Vetting (domain): status, note, location. */
export const domainVettingRequest = z
  .object({
    status: vettingDecision,
    note: text(2000).default(''),
    location: z
      .string()
      .trim()
      .regex(/^([a-z0-9][a-z0-9-]{0,31})?$/, 'Choose a data location')
      .default(''),
  })
  .superRefine((v, ctx) => {
    // Spec 4: approving sends status approve with note and location; rejecting sends status reject with note.
    if (v.status === 'approve' && !v.location) {
      ctx.addIssue({ code: 'custom', message: 'Choose a data location', path: ['location'] });
    }
    if (v.status === 'reject' && !v.note) {
      ctx.addIssue({ code: 'custom', message: 'Say why the domain is rejected', path: ['note'] });
    }
  });
export type DomainVettingRequest = z.input<typeof domainVettingRequest>;

export const domainVettingItem = z.object({
  did: z.number().int(),
  name: z.string(),
  cid: z.number().int(),
  customer: z.string(),
  verified: z.boolean(),
  sandbox: z.boolean(),
  /** The customer's own vetting: approved (or never vetted), pending, rejected. */
  customer_vetting: z.enum(['approved', 'pending', 'rejected']),
  status: vettingDecision.nullable(),
  note: z.string(),
  location: z.string().nullable(),
  /** The data location the customer asked for on its vetting form ('' for none), offered first when approving. */
  preferred_location: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type DomainVettingItem = z.infer<typeof domainVettingItem>;

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const tag = 'Vetting';

export const vettingEndpoints = {
  formGet: defineEndpoint({
    method: 'GET',
    path: '/customers/vetting/:token',
    access: 'public',
    tag,
    summary: 'The vetting form by its link token. 401: already sent (submitted); 404: no such form (invalid).',
    params: tokenParams,
    response: customerVettingSchema,
  }),
  formSave: defineEndpoint({
    method: 'POST',
    path: '/customers/vetting/:token',
    access: 'public',
    tag,
    summary: 'Save the vetting form: a draft, or with finished set the last save (then 401 like a load).',
    params: tokenParams,
    body: vettingFormSave,
    response: z.object({ message: z.string(), finished: z.boolean() }),
  }),
  customers: defineEndpoint({
    method: 'GET',
    path: '/customers/vetting',
    access: SUPERADMIN,
    tag,
    summary: 'Customer vetting forms for the operators (state: open, approve, reject, all).',
    query: vettingListQuery,
    response: listOf(customerVettingItem),
  }),
  decideCustomer: defineEndpoint({
    method: 'PUT',
    path: '/customers/:id/vetting',
    access: SUPERADMIN,
    tag,
    summary:
      'Approve or reject a customer (note required to reject); recorded with who and when, the customer is told.',
    params: z.object({ id }),
    body: customerDecisionRequest,
    response: customerVettingItem.extend({ message: z.string() }),
  }),
  domains: defineEndpoint({
    method: 'GET',
    path: '/domains/vetting',
    access: SUPERADMIN,
    tag,
    summary: 'Sending domains with their vetting (state: open = not reviewed, approve, reject, all).',
    query: vettingListQuery,
    response: listOf(domainVettingItem),
  }),
  decideDomain: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/vetting',
    access: SUPERADMIN,
    tag,
    summary:
      'Approve (with note and data location) or reject (with note) a sending domain; a rejected domain cannot send.',
    params: z.object({ id }),
    body: domainVettingRequest,
    response: domainVettingItem.extend({ message: z.string() }),
  }),
} as const;
