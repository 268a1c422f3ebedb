import { z } from 'zod';
import { idParams, listOf, okResponse, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { SUPERADMIN } from './roles.ts';

export const customerSchema = z.object({
  cid: z.number().int(),
  customer: z.string(),
  partner: z.boolean(),
  pcid: z.number().int().nullable(),
  company: z.object({
    address: z.string(),
    city: z.string(),
    country: z.string(),
    vat_id: z.string(),
    website: z.string(),
  }),
  contract_signed_at: z.string().nullable(),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

// http:// or https://, a host name with a dot (no user:password@), an optional port, then printable ASCII only
// (no space or control character; others percent-encoded). Anything else (javascript:, data:, a word) is refused.
const WEB_ADDRESS = /^https?:\/\/([a-z0-9-]+\.)+[a-z0-9-]+(:\d{1,5})?([/?#][!-~]*)?$/i;

/**
 * A company's website, one rule wherever it is written (the customer's own admin in account settings, an operator
 * in the customers screen): empty, or an http:// or https:// address. The console renders it as a link.
 */
export const companyWebsite = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || WEB_ADDRESS.test(v), 'Enter a web address starting with http:// or https://')
  .default('');

const companyFields = z.object({
  address: z.string().trim().max(300).default(''),
  city: z.string().trim().max(100).default(''),
  country: z.string().trim().max(100).default(''),
  vat_id: z.string().trim().max(50).default(''),
  website: companyWebsite,
});

export const customerInput = z.object({
  customer: z.string().trim().min(2, 'Customer name must be at least 2 characters').max(200),
  partner: z.boolean().default(false),
  company: companyFields.default({ address: '', city: '', country: '', vat_id: '', website: '' }),
});
export type CustomerInput = z.infer<typeof customerInput>;

export const customerSort = z.enum(['customer', 'cid', 'created_at']);

export const customersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/customers',
    access: SUPERADMIN,
    tag: 'Customers',
    summary: 'Customers, paged (limit 0: all), sorted by customer name by default, searchable.',
    query: pageQuery.extend({ sort: customerSort.default('customer') }),
    response: listOf(customerSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/customers/:id',
    access: SUPERADMIN,
    tag: 'Customers',
    summary: 'One customer.',
    params: idParams,
    response: customerSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/customers',
    access: SUPERADMIN,
    tag: 'Customers',
    summary: 'Create a customer.',
    body: customerInput,
    response: customerSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/customers/:id',
    access: SUPERADMIN,
    tag: 'Customers',
    summary: 'Update a customer (name, partner flag, company details).',
    params: idParams,
    body: customerInput,
    response: customerSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/customers/:id',
    access: SUPERADMIN,
    tag: 'Customers',
    summary: 'Two-step delete: without {confirm} answers a confirm value; with it, deletes the customer.',
    params: idParams,
    body: z.object({ confirm: z.string().max(100).optional() }).default({}),
    response: z.union([z.object({ confirm: z.string() }), okResponse]),
  }),
  contract: defineEndpoint({
    method: 'POST',
    path: '/customers/contract/:cid',
    access: SUPERADMIN,
    tag: 'Customers',
    summary: "Record that the customer's contract is signed.",
    params: z.object({ cid: idParams.shape.id }),
    response: customerSchema,
  }),
} as const;
