import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import type { TrackingOverride } from '../../mail/intake/intake.service.ts';
import { domainOfAddress, renderTemplateParts } from './send-template.ts';
import { SENDGRID_BAD_REQUEST, type SendgridBody, sendgridBody, sendgridErrors } from './sendgrid-body.ts';
import { checkCustomHeaders, sendComposed } from './sending.service.ts';
import { authenticateSender } from './sending-auth.ts';

/**
 * SendGrid-shaped sending (POST /v3/mail/send, Bearer <key>): each personalization is one message. Answers 202 with
 * an empty body and X-Message-Id, or SendGrid's {errors: [...]}.
 */
export function registerSendgridRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/v3/mail/send', { errorHandler: answerSendgridError }, async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const user = await authenticateSender(deps, req.headers.authorization, req.ip);
      const parsed = sendgridBody.safeParse(req.body);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ message: i.message, field: i.path.join('.') || null }));
        return reply.status(400).send(sendgridErrors(errors));
      }
      const ids = await sendPersonalizations(deps, user, parsed.data);
      return reply
        .status(202)
        .header('X-Message-Id', ids[0] ?? '')
        .send();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const errors = error.errors ?? [{ message: error.message, field: null }];
      return reply.status(error.status).send(sendgridErrors(errors));
    }
  });
}

/**
 * Errors before the handler runs (a body that is not JSON, a wrong content type, too large) in SendGrid's shape too:
 * its clients read {errors}, never {message}.
 */
function answerSendgridError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) throw error;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return reply.status(400).send(SENDGRID_BAD_REQUEST);
  }
  return reply.status(status).send(sendgridErrors([{ message: error.message, field: null }]));
}

async function sendPersonalizations(
  deps: Deps,
  user: Awaited<ReturnType<typeof authenticateSender>>,
  body: SendgridBody,
) {
  const text = body.content?.find((c) => c.type === 'text/plain')?.value;
  const html = body.content?.find((c) => c.type === 'text/html')?.value;
  const ids: string[] = [];
  // Messages go one by one: a refusal stops the rest, and the answer is that refusal (as SendGrid validates first).
  for (const p of body.personalizations) {
    const sendAt = p.send_at ?? body.send_at;
    // One rendering per personalization, with its own dynamic_template_data (issue 13).
    const template = body.template_id
      ? await renderTemplateParts(deps, {
          customerId: user.customerId,
          domainName: domainOfAddress(body.from.email),
          // SendGrid's clients send dynamic_template_data only for ids starting d- (the dynamic templates' form): d-
          // and the template's name or tmplid.
          name: body.template_id.replace(/^d-/, ''),
          variables: p.dynamic_template_data ?? {},
          fields: { name: 'template_id', version: 'template_id' },
        })
      : null;
    const result = await sendComposed(
      deps,
      { source: 'sendgrid', user, domainName: null },
      {
        from: { address: body.from.email, name: body.from.name },
        to: p.to.map((a) => ({ address: a.email, name: a.name })),
        cc: (p.cc ?? []).map((a) => ({ address: a.email, name: a.name })),
        bcc: (p.bcc ?? []).map((a) => ({ address: a.email, name: a.name })),
        replyTo: body.reply_to ? { address: body.reply_to.email, name: body.reply_to.name } : undefined,
        subject: p.subject ?? body.subject ?? template?.subject ?? '',
        text: template ? template.text : text,
        html: template ? template.html : html,
        headers: checkCustomHeaders('headers', { ...body.headers, ...p.headers }),
        attachments: (body.attachments ?? []).map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content, 'base64'),
          contentType: a.type,
          ...(a.disposition === 'inline' && a.content_id ? { cid: a.content_id } : {}),
        })),
      },
      {
        tags: body.categories ?? [],
        variables: orNull({ ...body.custom_args, ...p.custom_args }),
        testmode: body.mail_settings?.sandbox_mode?.enable === true,
        deliverAt: sendAt ? new Date(sendAt * 1000) : null,
        tracking: sendgridTracking(body),
        template: template?.template,
      },
    );
    ids.push(result.messageIdHeader);
  }
  return ids;
}

function sendgridTracking(body: SendgridBody): TrackingOverride {
  const clicks = body.tracking_settings?.click_tracking?.enable;
  const opens = body.tracking_settings?.open_tracking?.enable;
  return { ...(clicks !== undefined ? { clicks } : {}), ...(opens !== undefined ? { opens } : {}) };
}

const orNull = (variables: Record<string, string>) => (Object.keys(variables).length ? variables : null);
