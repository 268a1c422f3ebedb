import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import {
  hasControlCharacter,
  isMailboxAddress,
  type ParsedMailbox,
  parseMailbox,
  parseMailboxList,
} from './mail-address.ts';

export * from './mail-address.ts';

/** The most the native API's variables may weigh as JSON (template data with lists is larger than tags). */
export const MAX_TEMPLATE_VARIABLES = 64 * 1024;
const templateVariablesTooLarge = `Variables are at most ${MAX_TEMPLATE_VARIABLES / 1024} KB of JSON`;

/** The limit of Mailgun and SendGrid: at most this many recipients (to, cc and bcc together) in one message. */
export const MAX_MESSAGE_RECIPIENTS = 1000;
export const tooManyRecipients = `Too many recipients: at most ${MAX_MESSAGE_RECIPIENTS} per message`;

/** Text that goes into a header (subject, display names, header values): no CR, LF or other control character. */
export const headerText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasControlCharacter(v, { allowTab: true }), 'Must not contain line breaks or control characters');

/** An address as "Name <a@example.com>" / "a@example.com" (a comma-separated list where `list`), or {email, name}. */
const rawMailbox = (list: boolean) =>
  z.union([
    z.string().max(list ? 20_000 : 320),
    z.object({ email: z.string().max(254), name: z.string().max(200).optional() }),
  ]);
type RawMailbox = z.infer<ReturnType<typeof rawMailbox>>;

/**
 * Reads one given value with the one address grammar (mail-address.ts) into {address, name}; a value it refuses is
 * an issue at `path` (the shapes are checked by the unions first, so the message says what is wrong with the address).
 */
function readMailboxes(value: RawMailbox, list: boolean, ctx: z.RefinementCtx, path: number[]): ParsedMailbox[] {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message, path });
    return [];
  };
  if (typeof value === 'string') {
    const parsed = list ? parseMailboxList(value) : parseMailbox(value);
    if (!parsed.ok) return fail(`The address ${parsed.error}`);
    return 'mailboxes' in parsed ? parsed.mailboxes : [parsed.mailbox];
  }
  if (!isMailboxAddress(value.email)) return fail(`The address ${JSON.stringify(value.email)} is not valid`);
  if (value.name !== undefined && hasControlCharacter(value.name)) {
    return fail('The name must not contain line breaks or control characters');
  }
  return [value.name?.trim() ? { address: value.email, name: value.name.trim() } : { address: value.email }];
}

export const sendMailbox = rawMailbox(false).transform(
  (value, ctx) => readMailboxes(value, false, ctx, [])[0] ?? (z.NEVER as ParsedMailbox),
);
export type SendMailbox = z.input<typeof sendMailbox>;

// One value or an array of them, each a mailbox or a list; counted once read, so the limit says its number whichever
// form the recipients came in.
const mailboxes = z.union([rawMailbox(true), z.array(rawMailbox(true))]).transform((value, ctx) => {
  const boxes = Array.isArray(value)
    ? value.flatMap((item, i) => readMailboxes(item, true, ctx, [i]))
    : readMailboxes(value, true, ctx, []);
  if (boxes.length > MAX_MESSAGE_RECIPIENTS) ctx.addIssue({ code: 'custom', message: tooManyRecipients });
  return boxes;
});

export const sendAttachment = z.object({
  filename: headerText(255).pipe(z.string().trim().min(1)),
  /** The file's bytes, base64-encoded. */
  content: z.base64('Attachment content must be base64'),
  content_type: headerText(255).optional(),
  /** For an inline image referenced as cid:<content_id> from the HTML part. */
  content_id: headerText(255).optional(),
});

/**
 * The native send API (POST /api/v1/send, `Authorization: Bearer <sending key>`): one message, to every recipient in
 * to, cc and bcc. The From address decides the sending domain (a sending key must belong to it).
 */
export const sendRequest = z
  .object({
    from: sendMailbox,
    to: mailboxes,
    cc: mailboxes.optional(),
    bcc: mailboxes.optional(),
    reply_to: sendMailbox.optional(),
    /** Required unless a template gives it. */
    subject: headerText(998).optional(),
    text: z.string().optional(),
    html: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    tags: z
      .array(headerText(128).pipe(z.string().trim().min(1)))
      .max(10)
      .optional(),
    /**
     * Custom variables (kept with the message, shown in logs and webhooks as text) and, with a template, the values it
     * is rendered with: nested objects and arrays (for #each) are kept as given for the template, as JSON text for the
     * rest.
     */
    variables: z
      .record(z.string().max(128), z.union([z.string().max(4000), z.json()]))
      .refine((v) => JSON.stringify(v).length <= MAX_TEMPLATE_VARIABLES, templateVariablesTooLarge)
      .optional(),
    /** A template of the sending domain (issue 13): its active version, or the version with this tag. */
    template: z.string().trim().min(1).max(100).optional(),
    version: z.string().trim().min(1).max(50).optional(),
    testmode: z.boolean().optional(),
    /** Scheduled sending, at most 3 days ahead. */
    deliver_at: isoDateTime.optional(),
    attachments: z.array(sendAttachment).max(100).optional(),
  })
  .superRefine((v, ctx) => {
    // A template gives the content and the subject; without one, the request must.
    if (v.template !== undefined) {
      if (v.text !== undefined || v.html !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'Give a template or text/html, not both', path: ['template'] });
      }
      return;
    }
    if (v.version !== undefined)
      ctx.addIssue({ code: 'custom', message: 'A version needs a template', path: ['version'] });
    if (v.subject === undefined) ctx.addIssue({ code: 'custom', message: 'This field is required', path: ['subject'] });
    if (v.text === undefined && v.html === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Give text or html', path: ['text'] });
    }
  });
export type SendRequest = z.input<typeof sendRequest>;

export const sendResponse = z.object({
  /** The Message-ID header, in angle brackets (as Mailgun answers it). */
  id: z.string(),
  message: z.string(),
});

export const sendingEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/v1/send',
    // Not a console session: a sending key (Bearer) authenticates it, checked by the handler.
    access: 'public',
    tag: 'Sending',
    summary:
      'Send one message (native JSON API; Authorization: Bearer <sending key>). Mailgun-shaped POST /v3/{domain}/messages ' +
      '(and messages.mime) and SendGrid-shaped POST /v3/mail/send are served too.',
    body: sendRequest,
    response: sendResponse,
  }),
};
