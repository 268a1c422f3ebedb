import { type SendMailbox, sendingEndpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { fieldError, fromZodError } from '../../http/errors.ts';
import type { Mailbox } from '../../mail/message/compose.ts';
import { checkCustomHeaders, parseMailboxes, sendComposed } from './sending.service.ts';
import { authenticateSender } from './sending-auth.ts';

const toMailboxes = (field: string, values: readonly SendMailbox[]): Mailbox[] =>
  values.flatMap((v) => (typeof v === 'string' ? parseMailboxes(field, [v]) : [{ address: v.email, name: v.name }]));

/**
 * POST /api/v1/send: the native JSON send API (see the contract for the body). Registered directly rather than
 * through route(): a sending key, not a console session, authenticates it, and the hot path skips the session lookup.
 */
export function registerNativeSendRoute(app: FastifyInstance, deps: Deps) {
  const endpoint = sendingEndpoints.send;
  app.post(`/api${endpoint.path}`, async (req) => {
    const user = await authenticateSender(deps, req.headers.authorization, req.ip);
    const parsed = endpoint.body.safeParse(req.body ?? {});
    if (!parsed.success) throw fromZodError(parsed.error);
    const body = parsed.data;
    const from = toMailboxes('from', [body.from]);
    if (from.length !== 1) throw fieldError('from', 'Give exactly one From address');
    const result = await sendComposed(
      deps,
      { source: 'api', user, domainName: null },
      {
        from: from[0] as Mailbox,
        to: toMailboxes('to', body.to),
        cc: toMailboxes('cc', body.cc ?? []),
        bcc: toMailboxes('bcc', body.bcc ?? []),
        replyTo: body.reply_to ? toMailboxes('reply_to', [body.reply_to])[0] : undefined,
        subject: body.subject,
        text: body.text,
        html: body.html,
        headers: checkCustomHeaders('headers', body.headers ?? {}),
        attachments: (body.attachments ?? []).map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content, 'base64'),
          contentType: a.content_type,
          cid: a.content_id,
        })),
      },
      {
        tags: body.tags ?? [],
        variables: body.variables ?? null,
        testmode: body.testmode ?? false,
        deliverAt: body.deliver_at ? new Date(body.deliver_at) : null,
      },
    );
    return { data: endpoint.response.parse({ id: `<${result.messageIdHeader}>`, message: 'Queued. Thank you.' }) };
  });
}
