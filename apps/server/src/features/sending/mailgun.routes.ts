import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Mailbox } from '../../mail/message/compose.ts';
import { all, first, mailgunAttachments, mailgunHeaders, mailgunOptions, readMailgunForm } from './mailgun-form.ts';
import { checkCustomHeaders, parseMailboxes, sendComposed, sendMime } from './sending.service.ts';
import { authenticateSender } from './sending-auth.ts';

type DomainRequest = FastifyRequest<{ Params: { domain: string } }>;

/**
 * Mailgun-shaped sending (POST /v3/{domain}/messages and /messages.mime, Basic api:<key>), so a Mailgun customer
 * switches by changing the base URL. Answers as Mailgun does: {id, message} or {message} on errors.
 */
export function registerMailgunRoutes(app: FastifyInstance, deps: Deps) {
  // Its own plugin scope: the multipart and form parsers apply to these routes only.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: deps.config.smtpMaxSize, files: 100, fields: 5000, fieldSize: deps.config.smtpMaxSize },
    });
    await scope.register(formbody, { bodyLimit: deps.config.smtpMaxSize });
    scope.post('/v3/:domain/messages', (req: DomainRequest, reply) => answer(reply, () => sendFields(deps, req)));
    scope.post('/v3/:domain/messages.mime', (req: DomainRequest, reply) =>
      answer(reply, () => sendMimeForm(deps, req)),
    );
  });
}

async function answer(reply: FastifyReply, send: () => Promise<string>) {
  try {
    const id = await send();
    return reply.send({ id: `<${id}>`, message: 'Queued. Thank you.' });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // Mailgun's clients read {message}; field errors are folded into it.
    const message = error.errors?.map((e) => `${e.field}: ${e.message}`).join('; ') || error.message;
    return reply.status(error.status).send({ message });
  }
}

async function sendFields(deps: Deps, req: DomainRequest): Promise<string> {
  const user = await authenticateSender(deps, req.headers.authorization, req.ip);
  const form = await readMailgunForm(req);
  const from = parseMailboxes('from', all(form, 'from'));
  if (from.length !== 1) throw badRequest(from.length ? 'from must hold one address' : 'from parameter is missing');
  const to = parseMailboxes('to', all(form, 'to'));
  if (!to.length) throw badRequest('to parameter is missing');
  const text = first(form, 'text');
  const html = first(form, 'html');
  if (text === undefined && html === undefined)
    throw badRequest("Need at least one of 'text' or 'html' parameters specified");
  const result = await sendComposed(
    deps,
    { source: 'mailgun', user, domainName: req.params.domain },
    {
      from: from[0] as Mailbox,
      to,
      cc: parseMailboxes('cc', all(form, 'cc')),
      bcc: parseMailboxes('bcc', all(form, 'bcc')),
      replyTo: parseMailboxes('h:Reply-To', all(form, 'h:Reply-To'))[0],
      subject: first(form, 'subject') ?? '',
      text,
      html,
      headers: checkCustomHeaders('h:', withoutReplyTo(mailgunHeaders(form))),
      attachments: mailgunAttachments(form),
    },
    mailgunOptions(form),
  );
  return result.messageIdHeader;
}

async function sendMimeForm(deps: Deps, req: DomainRequest): Promise<string> {
  const user = await authenticateSender(deps, req.headers.authorization, req.ip);
  const form = await readMailgunForm(req);
  const to = parseMailboxes('to', all(form, 'to')).map((m) => m.address);
  if (!to.length) throw badRequest('to parameter is missing');
  const file = form.files.find((f) => f.field === 'message');
  const raw =
    file?.content ?? (first(form, 'message') !== undefined ? Buffer.from(first(form, 'message') ?? '') : null);
  if (!raw?.length) throw badRequest('message parameter is missing');
  const result = await sendMime(
    deps,
    { source: 'mailgun', user, domainName: req.params.domain },
    raw,
    to,
    mailgunOptions(form),
  );
  return result.messageIdHeader;
}

function withoutReplyTo(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'reply-to'));
}
