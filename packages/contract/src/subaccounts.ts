import { z } from 'zod';
import { email, listOf, okResponse, pageQuery, password, username } from './common.ts';
import { PAGE_SIZES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMINS, PARTNER_AREA } from './roles.ts';

/**
 * Where a client stands in vetting: none (no form yet), inprogress (form sent, not finished), submitted (finished,
 * waiting for an operator), approved or rejected (the operator's decision).
 */
export const CLIENT_VETTING_STATES = ['none', 'inprogress', 'submitted', 'approved', 'rejected'] as const;
export type ClientVettingState = (typeof CLIENT_VETTING_STATES)[number];

export const subaccountSchema = z.object({
  cid: z.number().int(),
  customer: z.string(),
  /** The client's first admin's address (where its vetting form went). */
  email: z.string().nullable(),
  vetting: z.enum(CLIENT_VETTING_STATES),
  created_at: z.string(),
});
export type Subaccount = z.infer<typeof subaccountSchema>;

// No control characters: the name travels into mail subjects and the console's lists.
const companyName = z
  .string()
  .trim()
  .min(2, 'Company name must be at least 2 characters')
  .max(200)
  .regex(/^[^\p{Cc}]*$/u, 'Company name may not contain control characters');

export const subaccountInput = z.object({ company: companyName, email });
export type SubaccountInput = z.infer<typeof subaccountInput>;

export const CLIENT_ADDED = 'Client added! A vetting form has been sent to email address specified.';
/** Spec 8, typo included: the text is the contract. */
export const joinRequestSent = (approver: string) => `Your request to ${approver} was succesfully sent!`;

/** Spec 3: a join request carries approver and token (the token only ever travels in the approver's link). */
export const joinRequestSchema = z.object({
  approver: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});

export const joinRequestInput = z.object({
  approver: z.string().trim().min(1, 'Enter the approver: the username or e-mail address of an admin').max(254),
});

export const joinRequesterSchema = z.object({
  cid: z.number().int(),
  customer: z.string(),
  username: z.string().nullable(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type JoinRequester = z.infer<typeof joinRequesterSchema>;

/** What the approver reviews: who asks to be placed under the approver's customer. */
export const joinReviewSchema = z.object({
  id: z.number().int(),
  approver: z.string(),
  requester: joinRequesterSchema,
  created_at: z.string(),
});
export type JoinReview = z.infer<typeof joinReviewSchema>;

/** approve and confirm both attach the requester (spec 4); decline drops the request. */
export const joinDecision = z.object({ decision: z.enum(['approve', 'confirm', 'decline']).default('approve') });

/** A join request's number (listed on /clients) or the token from the approver's link. */
const joinRef = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a join request'),
});

const inviteToken = z.object({ token: z.string().trim().min(10).max(100) });

export const accountInviteInput = z.object({ email });
export const accountSignupInput = z.object({
  company: companyName,
  full_name: z.string().trim().max(200).default(''),
  username,
  password,
});
export type AccountSignupInput = z.infer<typeof accountSignupInput>;

export const subaccountsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/customers/subaccounts',
    access: PARTNER_AREA,
    tag: 'Sub-accounts',
    summary: "The acting customer's clients (sub-accounts) with their vetting state, 50 a page (spec 9).",
    query: pageQuery.extend({ limit: pageQuery.shape.limit.default(PAGE_SIZES.subaccounts) }),
    response: listOf(subaccountSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/customers/subaccounts',
    access: PARTNER_AREA,
    tag: 'Sub-accounts',
    summary: 'Add a client: a customer under the acting one, its admin invited, a vetting form mailed to the address.',
    body: subaccountInput,
    response: z.object({ message: z.string(), client: subaccountSchema }),
  }),
  joinStatus: defineEndpoint({
    method: 'GET',
    path: '/customers/join',
    access: ADMINS,
    tag: 'Sub-accounts',
    summary: "The acting customer's open request to join a parent (or null), and the requests waiting for its admins.",
    response: z.object({ request: joinRequestSchema.nullable(), received: z.array(joinReviewSchema) }),
  }),
  joinCreate: defineEndpoint({
    method: 'POST',
    path: '/customers/join',
    access: ADMINS,
    tag: 'Sub-accounts',
    summary:
      'Ask to be placed under the customer of an approver (an admin, by username or e-mail); mails the approver.',
    body: joinRequestInput,
    response: okResponse,
  }),
  joinReview: defineEndpoint({
    method: 'GET',
    path: '/customers/join/:id',
    access: ADMINS,
    tag: 'Sub-accounts',
    summary: "Review a join request (by number or by the link's token): who asks. Only the approver's admins see it.",
    params: joinRef,
    response: joinReviewSchema,
  }),
  joinDecide: defineEndpoint({
    method: 'POST',
    path: '/customers/join/:id',
    access: ADMINS,
    tag: 'Sub-accounts',
    summary: 'Approve (or confirm) a join request: the requester becomes a client; the request and its data go.',
    params: joinRef,
    body: joinDecision,
    response: okResponse,
  }),
  inviteSend: defineEndpoint({
    method: 'POST',
    path: '/customers/subaccounts/invite',
    access: PARTNER_AREA,
    tag: 'Sub-accounts',
    summary: 'Invite a person to create an account as a client of the acting customer (the /invite page).',
    body: accountInviteInput,
    response: z.object({ message: z.string(), invite_url: z.string() }),
  }),
  inviteCheck: defineEndpoint({
    method: 'GET',
    path: '/customers/subaccounts/invite/:token',
    access: 'public',
    tag: 'Sub-accounts',
    summary: 'What an account invitation is for: the inviting company and the invited address.',
    params: inviteToken,
    response: z.object({ company: z.string(), email: z.string() }),
  }),
  inviteComplete: defineEndpoint({
    method: 'POST',
    path: '/customers/subaccounts/invite/:token',
    access: 'public',
    tag: 'Sub-accounts',
    summary: 'Create the invited account (a client with its admin); answers the vetting form to fill in next.',
    params: inviteToken,
    body: accountSignupInput,
    response: z.object({ message: z.string(), vetting_url: z.string().nullable() }),
  }),
} as const;
