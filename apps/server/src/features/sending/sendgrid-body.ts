import { hasControlCharacter, headerText, isMailboxAddress, MAX_MESSAGE_RECIPIENTS } from '@mailwright/contract';
import { z } from 'zod';

// SendGrid's own wording where it has one, so clients and their logs read the same.
const INVALID_ADDRESS = 'Does not contain a valid address.';
const NO_SUBJECT =
  'The subject is required. You can get around this requirement if every personalization has a subject defined.';
const NO_CONTENT =
  'Unless a valid template_id is provided, the content parameter is required. There must be at least one defined ' +
  'content block.';
const TOO_MANY_RECIPIENTS =
  `Too many recipients: at most ${MAX_MESSAGE_RECIPIENTS} per request ` +
  '(to, cc and bcc of every personalization together)';

/** An address by the one grammar of every way in (mail-address.ts); the name must stay on one line. */
const address = z.object({
  email: z.string().max(254).refine(isMailboxAddress, INVALID_ADDRESS),
  name: z
    .string()
    .max(200)
    .refine((v) => !hasControlCharacter(v), 'The name must not contain line breaks or control characters')
    .optional(),
});

const personalization = z.object({
  to: z
    .array(address)
    .min(1, 'The to array is required for all personalization objects')
    .max(MAX_MESSAGE_RECIPIENTS, TOO_MANY_RECIPIENTS),
  cc: z.array(address).max(MAX_MESSAGE_RECIPIENTS, TOO_MANY_RECIPIENTS).optional(),
  bcc: z.array(address).max(MAX_MESSAGE_RECIPIENTS, TOO_MANY_RECIPIENTS).optional(),
  subject: headerText(998).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  custom_args: z.record(z.string(), z.string()).optional(),
  send_at: z.number().int().positive().optional(),
  /** The data this personalization's message is rendered with, when template_id names a template. */
  dynamic_template_data: z.record(z.string().max(128), z.json()).optional(),
});

/**
 * The parts of SendGrid's v3 mail/send body that map onto our message model, refused where SendGrid refuses: no
 * subject (top level or in every personalization), no content, an empty content value, over 1,000 recipients.
 * With a template_id, the template gives subject and content.
 */
export const sendgridBody = z
  .object({
    personalizations: z
      .array(personalization)
      .min(1, 'The personalizations field is required')
      .max(MAX_MESSAGE_RECIPIENTS, TOO_MANY_RECIPIENTS),
    from: address,
    reply_to: address.optional(),
    subject: headerText(998).optional(),
    /** A template of the sending domain, by name or tmplid (SendGrid's dynamic templates; issue 13). */
    template_id: z.string().trim().min(1).max(100).optional(),
    content: z
      .array(
        z.object({
          type: headerText(255).pipe(z.string().min(1)),
          value: z.string().min(1, 'The content value must be a string at least one character in length.'),
        }),
      )
      .min(1, NO_CONTENT)
      .optional(),
    attachments: z
      .array(
        z.object({
          content: z.base64('The attachment content must be base64 encoded.'),
          filename: headerText(255).pipe(z.string().min(1)),
          type: headerText(255).optional(),
          disposition: z.enum(['inline', 'attachment']).optional(),
          content_id: headerText(255).optional(),
        }),
      )
      .optional(),
    headers: z.record(z.string(), z.string()).optional(),
    categories: z
      .array(headerText(255).pipe(z.string().min(1)))
      .max(10)
      .optional(),
    custom_args: z.record(z.string(), z.string()).optional(),
    send_at: z.number().int().positive().optional(),
    mail_settings: z.object({ sandbox_mode: z.object({ enable: z.boolean().optional() }).optional() }).optional(),
    tracking_settings: z
      .object({
        click_tracking: z.object({ enable: z.boolean().optional() }).optional(),
        open_tracking: z.object({ enable: z.boolean().optional() }).optional(),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    // A template gives the subject and the content (as at SendGrid, "unless a valid template_id is provided").
    if (!body.template_id && !body.subject && body.personalizations.some((p) => !p.subject)) {
      ctx.addIssue({ code: 'custom', message: NO_SUBJECT, path: ['subject'] });
    }
    if (!body.template_id && !body.content) ctx.addIssue({ code: 'custom', message: NO_CONTENT, path: ['content'] });
    const recipients = body.personalizations.reduce(
      (n, p) => n + p.to.length + (p.cc?.length ?? 0) + (p.bcc?.length ?? 0),
      0,
    );
    if (recipients > MAX_MESSAGE_RECIPIENTS) {
      ctx.addIssue({ code: 'custom', message: TOO_MANY_RECIPIENTS, path: ['personalizations'] });
    }
  });
export type SendgridBody = z.infer<typeof sendgridBody>;

/** SendGrid's error body: {errors: [{message, field, help}]}. */
export function sendgridErrors(errors: { message: string; field?: string | null }[]) {
  return { errors: errors.map((e) => ({ message: e.message, field: e.field ?? null, help: null })) };
}

/** What SendGrid answers to a body that is not JSON at all. */
export const SENDGRID_BAD_REQUEST = sendgridErrors([{ message: 'Bad Request', field: null }]);
