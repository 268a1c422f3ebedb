import { z } from 'zod';
import { id, idParams, okResponse } from './common.ts';
import { companyWebsite } from './customers.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMIN_ALLOWED, ADMINS, SUPERADMIN } from './roles.ts';

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationList = z.object({ items: z.array(notificationSchema), new_count: z.number().int() });

export const newsSchema = z.object({ id: z.number().int(), content: z.string(), created_at: z.string() });
export type NewsItem = z.infer<typeof newsSchema>;
export const newsInput = z.object({
  content: z.string().trim().min(1, 'Write the news text').max(20_000),
});
export const tipSchema = z.object({ content: z.string() });

export const companySchema = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  vat_id: z.string(),
  website: z.string(),
});
export const companyInput = z.object({
  name: z.string().trim().min(2, 'Company name must be at least 2 characters').max(200),
  address: z.string().trim().max(300).default(''),
  city: z.string().trim().max(100).default(''),
  country: z.string().trim().max(100).default(''),
  vat_id: z.string().trim().max(50).default(''),
  website: companyWebsite,
});
export type CompanyInput = z.infer<typeof companyInput>;

export const accountEndpoints = {
  notifications: defineEndpoint({
    method: 'GET',
    path: '/notifications',
    access: 'session',
    tag: 'Notifications',
    summary: "The caller's notifications, newest first, with the unread count.",
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    response: notificationList,
  }),
  markNotificationsRead: defineEndpoint({
    method: 'PUT',
    path: '/notifications',
    access: 'session',
    tag: 'Notifications',
    summary: 'Mark notifications read: the given ids, or all of them when none are given.',
    body: z.object({ ids: z.array(id).max(500).optional() }),
    response: notificationList,
  }),
  news: defineEndpoint({
    method: 'GET',
    path: '/news',
    access: 'session',
    tag: 'News',
    summary: 'Published news notices, newest first (content is HTML; the console sanitizes it).',
    response: z.array(newsSchema),
  }),
  publishNews: defineEndpoint({
    method: 'POST',
    path: '/news',
    access: SUPERADMIN,
    tag: 'News',
    summary: 'Publish a news notice to every customer.',
    body: newsInput,
    response: newsSchema,
  }),
  deleteNews: defineEndpoint({
    method: 'DELETE',
    path: '/news/:id',
    access: SUPERADMIN,
    tag: 'News',
    summary: 'Withdraw a news notice.',
    params: idParams,
    response: okResponse,
  }),
  tips: defineEndpoint({
    method: 'GET',
    path: '/tips',
    access: 'session',
    tag: 'News',
    summary: 'Tips, shuffled.',
    response: z.array(tipSchema),
  }),
  company: defineEndpoint({
    method: 'GET',
    path: '/account/company',
    access: ADMINS,
    tag: 'Account',
    summary: "The acting customer's company details.",
    response: companySchema,
  }),
  updateCompany: defineEndpoint({
    method: 'PUT',
    path: '/account/company',
    access: ADMIN_ALLOWED,
    tag: 'Account',
    summary: "Update the company details. The customer's own admin only (spec 5, admin-allowed).",
    body: companyInput,
    response: companySchema,
  }),
} as const;
