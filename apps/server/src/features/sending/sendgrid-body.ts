import { z } from 'zod';

const address = z.object({ email: z.email('Does not contain a valid address.'), name: z.string().max(200).optional() });

const personalization = z.object({
  to: z.array(address).min(1, 'The to array is required for all personalization objects').max(1000),
  cc: z.array(address).max(1000).optional(),
  bcc: z.array(address).max(1000).optional(),
  subject: z.string().max(998).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  custom_args: z.record(z.string(), z.string()).optional(),
  send_at: z.number().int().positive().optional(),
});

/** The parts of SendGrid's v3 mail/send body that map onto our message model. */
export const sendgridBody = z.object({
  personalizations: z.array(personalization).min(1, 'The personalizations field is required').max(1000),
  from: address,
  reply_to: address.optional(),
  subject: z.string().max(998).optional(),
  content: z
    .array(z.object({ type: z.string().min(1), value: z.string() }))
    .min(1, 'Unless a valid template_id is provided, the content parameter is required')
    .optional(),
  attachments: z
    .array(
      z.object({
        content: z.base64('The attachment content must be base64 encoded.'),
        filename: z.string().min(1).max(255),
        type: z.string().optional(),
        disposition: z.enum(['inline', 'attachment']).optional(),
        content_id: z.string().optional(),
      }),
    )
    .optional(),
  headers: z.record(z.string(), z.string()).optional(),
  categories: z.array(z.string().min(1).max(255)).max(10).optional(),
  custom_args: z.record(z.string(), z.string()).optional(),
  send_at: z.number().int().positive().optional(),
  mail_settings: z.object({ sandbox_mode: z.object({ enable: z.boolean().optional() }).optional() }).optional(),
  tracking_settings: z
    .object({
      click_tracking: z.object({ enable: z.boolean().optional() }).optional(),
      open_tracking: z.object({ enable: z.boolean().optional() }).optional(),
    })
    .optional(),
});
export type SendgridBody = z.infer<typeof sendgridBody>;

/** SendGrid's error body: {errors: [{message, field, help}]}. */
export function sendgridErrors(errors: { message: string; field?: string | null }[]) {
  return { errors: errors.map((e) => ({ message: e.message, field: e.field ?? null, help: null })) };
}
