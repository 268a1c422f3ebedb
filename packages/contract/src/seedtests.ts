import { z } from 'zod';
import { id, idParams, listOf, okResponse, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { hasControlCharacter, isMailboxAddress } from './mail-address.ts';
import { SUPERADMIN } from './roles.ts';

/**
 * Seed tests (issue 16; spec 7 `domains/{id}/seedtests(/{id})`, screens /analytics/deliverability(/{id})). Operators
 * keep a seed list of mailboxes at the providers; a seed test sends one message per seed mailbox through the normal
 * pipeline and reads each mailbox over IMAP until the message shows up (inbox or the spam/junk folder) or the time
 * limit passes (missing). Its pipeline events carry the `seedtest:` channel.
 */

export const SEEDTEST_MSG = {
  started: 'Seed test started!',
  notFound: 'Seed test not found!',
  mailboxSaved: 'Seed mailbox saved!',
  mailboxDeleted: 'Seed mailbox deleted!',
  mailboxNotFound: 'Seed mailbox not found!',
  noSeeds: 'The seed list is empty: an operator must add seed mailboxes first',
} as const;

/** The header that carries a test's token in every message it sends, so each mailbox search finds exactly it. */
export const SEED_TOKEN_HEADER = 'X-Mailwright-Seed';

export const SEED_TLS_MODES = ['tls', 'starttls', 'none'] as const;
export const seedTlsMode = z.enum(SEED_TLS_MODES);
export const PLACEMENTS = ['pending', 'inbox', 'spam', 'missing', 'error'] as const;
export const placementSchema = z.enum(PLACEMENTS);
export type Placement = z.infer<typeof placementSchema>;

const line = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, 'This field is required')
    .max(max, `${label} is at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), 'Must be on one line without control characters');

/** A host name or IP literal as IMAP clients take it (no scheme, no port, no spaces). */
const imapHost = line(253, 'A host').refine(
  (v) => /^[A-Za-z0-9.-]+$/.test(v) || /^\[?[0-9A-Fa-f:.]+\]?$/.test(v),
  'Enter a host name such as imap.gmail.com',
);

/** A seed mailbox as operators see it; the password is never answered. */
export const seedMailboxSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  address: z.string(),
  imap_host: z.string(),
  imap_port: z.number().int(),
  tls: seedTlsMode,
  username: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SeedMailbox = z.infer<typeof seedMailboxSchema>;

const mailboxFields = {
  provider: line(100, 'A provider name'),
  address: line(254, 'An address').refine(isMailboxAddress, 'Enter an address such as seed@gmail.com'),
  imap_host: imapHost,
  imap_port: z.coerce.number().int().min(1, 'A port is 1 to 65535').max(65535, 'A port is 1 to 65535'),
  tls: seedTlsMode,
  username: line(254, 'A user name'),
  password: z.string().min(1, 'This field is required').max(500, 'A password is at most 500 characters'),
  active: z.boolean(),
};

/** A new seed mailbox: saved only after an IMAP login with these details succeeds. */
export const seedMailboxCreate = z.object({
  ...mailboxFields,
  imap_port: mailboxFields.imap_port.default(993),
  tls: mailboxFields.tls.default('tls'),
  active: mailboxFields.active.default(true),
});
export type SeedMailboxCreate = z.input<typeof seedMailboxCreate>;

/** A change; a blank or missing password keeps the stored one. Any change of how to log in is checked by logging in. */
export const seedMailboxUpdate = z.object({
  provider: mailboxFields.provider.optional(),
  address: mailboxFields.address.optional(),
  imap_host: mailboxFields.imap_host.optional(),
  imap_port: mailboxFields.imap_port.optional(),
  tls: mailboxFields.tls.optional(),
  username: mailboxFields.username.optional(),
  password: mailboxFields.password.optional().or(z.literal('').transform(() => undefined)),
  active: z.boolean().optional(),
});
export type SeedMailboxUpdate = z.input<typeof seedMailboxUpdate>;

/** Where a test's message landed in one seed mailbox. */
export const seedPlacementSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  address: z.string(),
  placement: placementSchema,
  /** The folder it was found in (INBOX, Junk, [Gmail]/Spam …). */
  folder: z.string().nullable(),
  /** Seconds from the start of the test until the mailbox showed the message. */
  found_after_seconds: z.number().int().nullable(),
  /** The receiver's Authentication-Results header(s), one per line. */
  authentication_results: z.string().nullable(),
  /** The message's full header block as the mailbox holds it. */
  headers: z.string().nullable(),
  /** Why the mailbox could not be read (login failed, no connection), when placement is error. */
  error: z.string().nullable(),
  checked_at: z.string().nullable(),
});
export type SeedPlacement = z.infer<typeof seedPlacementSchema>;

export const SEED_STATUSES = ['running', 'finished'] as const;

/** A seed test in the list: what was sent, and the counts per placement. */
export const seedTestSchema = z.object({
  id: z.number().int(),
  did: z.number().int(),
  rerun_of: z.number().int().nullable(),
  from: z.string(),
  subject: z.string(),
  template_id: z.number().int().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  deadline_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(SEED_STATUSES),
  counts: z.object({
    inbox: z.number().int(),
    spam: z.number().int(),
    missing: z.number().int(),
    pending: z.number().int(),
    error: z.number().int(),
  }),
});
export type SeedTest = z.infer<typeof seedTestSchema>;

export const seedTestDetailSchema = seedTestSchema.extend({
  html: z.string(),
  text: z.string(),
  placements: z.array(seedPlacementSchema),
});
export type SeedTestDetail = z.infer<typeof seedTestDetailSchema>;

const MAX_CONTENT = 512 * 1024;

/**
 * A new seed test: pasted content (subject and HTML or text) or a template of the domain (its active version). The
 * From address must be at the domain; blank means postmaster@<domain>.
 */
export const seedTestCreate = z
  .object({
    from: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === '' || isMailboxAddress(v), 'Enter an address such as news@example.com')
      .default(''),
    subject: z
      .string()
      .max(998, 'A subject is at most 998 characters')
      .refine((v) => !/[\r\n]/.test(v), 'The subject must be on one line')
      .default(''),
    html: z.string().max(MAX_CONTENT, 'HTML is at most 512 KB').default(''),
    text: z.string().max(MAX_CONTENT, 'Text is at most 512 KB').default(''),
    // A form's "no template" choice ('' or null) is no template.
    template_id: z
      .union([id, z.literal('').transform(() => undefined), z.null().transform(() => undefined)])
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.template_id !== undefined) return;
    if (!v.subject.trim()) ctx.addIssue({ code: 'custom', message: 'This field is required', path: ['subject'] });
    if (!v.html.trim() && !v.text.trim())
      ctx.addIssue({ code: 'custom', message: 'Give HTML or text, or pick a template', path: ['html'] });
  });
export type SeedTestCreate = z.input<typeof seedTestCreate>;

export const seedTestListQuery = pageQuery.pick({ limit: true, skip: true });

const seedTestParams = z.object({ id, stid: id });
const withMessage = seedTestDetailSchema.extend({ message: z.string() });
const tag = 'Seed tests';

export const seedTestsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/seedtests',
    access: 'session',
    tag,
    summary: "A domain's seed tests, newest first, with inbox/spam/missing counts.",
    params: idParams,
    query: seedTestListQuery,
    response: listOf(seedTestSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/domains/:id/seedtests',
    access: 'session',
    tag,
    summary: 'Start a seed test: one message per seed mailbox through the normal pipeline, then IMAP placement checks.',
    params: idParams,
    body: seedTestCreate,
    response: withMessage,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/seedtests/:stid',
    access: 'session',
    tag,
    summary: 'One seed test: placement per seed mailbox, with the Authentication-Results and headers found.',
    params: seedTestParams,
    response: seedTestDetailSchema,
  }),
  rerun: defineEndpoint({
    method: 'POST',
    path: '/domains/:id/seedtests/:stid/rerun',
    access: 'session',
    tag,
    summary: 'Run a seed test again with the same content (a new test naming the one it repeats).',
    params: seedTestParams,
    response: withMessage,
  }),
};

const mailboxParams = z.object({ id });
const seedListTag = 'Seed list';

export const seedMailboxesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/system/seed-mailboxes',
    access: SUPERADMIN,
    tag: seedListTag,
    summary: 'The seed list (operators): mailboxes seed tests send to and read over IMAP.',
    response: listOf(seedMailboxSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/system/seed-mailboxes',
    access: SUPERADMIN,
    tag: seedListTag,
    summary: 'Add a seed mailbox; refused (400 on the field) unless an IMAP login with these details succeeds.',
    body: seedMailboxCreate,
    response: seedMailboxSchema.extend({ message: z.string() }),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/system/seed-mailboxes/:id',
    access: SUPERADMIN,
    tag: seedListTag,
    summary: 'Change a seed mailbox; new login details are checked by logging in.',
    params: mailboxParams,
    body: seedMailboxUpdate,
    response: seedMailboxSchema.extend({ message: z.string() }),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/system/seed-mailboxes/:id',
    access: SUPERADMIN,
    tag: seedListTag,
    summary: 'Remove a seed mailbox (past results keep its provider and address).',
    params: mailboxParams,
    response: okResponse,
  }),
};
