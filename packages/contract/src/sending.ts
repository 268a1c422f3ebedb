import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** An address as "Name <a@example.com>" / "a@example.com", or as {email, name}. */
export const sendMailbox = z.union([
  z.string().trim().min(3).max(320),
  z.object({ email: z.email('Enter a valid email address').max(254), name: z.string().max(200).optional() }),
]);
export type SendMailbox = z.infer<typeof sendMailbox>;

const mailboxes = z.union([sendMailbox, z.array(sendMailbox).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v]));

export const sendAttachment = z.object({
  filename: z.string().trim().min(1).max(255),
  /** The file's bytes, base64-encoded. */
  content: z.base64('Attachment content must be base64'),
  content_type: z.string().max(255).optional(),
  /** For an inline image referenced as cid:<content_id> from the HTML part. */
  content_id: z.string().max(255).optional(),
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
    subject: z.string().max(998),
    text: z.string().optional(),
    html: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    tags: z.array(z.string().trim().min(1).max(128)).max(10).optional(),
    variables: z.record(z.string().max(128), z.string().max(4000)).optional(),
    testmode: z.boolean().optional(),
    /** Scheduled sending, at most 3 days ahead. */
    deliver_at: z.iso.datetime({ offset: true }).optional(),
    attachments: z.array(sendAttachment).max(100).optional(),
  })
  .refine((v) => v.text !== undefined || v.html !== undefined, { message: 'Give text or html', path: ['text'] });
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
