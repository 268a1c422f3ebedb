import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** How customers connect: what the SMTP-user and sending-key dialogs show to copy. */
export const serverSettings = z.object({
  smtp: z.object({
    host: z.string(),
    port: z.number().int(),
    /** Submission always upgrades with STARTTLS before AUTH (docs/sending.md). */
    security: z.literal('STARTTLS'),
    auth: z.array(z.string()),
  }),
  /** Base URL of the sending APIs (native /api/v1/send, Mailgun /v3/…, SendGrid /v3/mail/send). */
  api_url: z.string(),
  /** Operators only (null for others): whether password resets and invitations can be mailed, and why not. */
  system_mail: z.object({ configured: z.boolean(), problem: z.string().nullable() }).nullable(),
});
export type ServerSettings = z.infer<typeof serverSettings>;

export const settingsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/settings',
    access: 'session',
    tag: 'Settings',
    summary:
      "How to connect (SMTP host, port, security; the sending API's base URL); for operators, system mail's state.",
    response: serverSettings,
  }),
};
