import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { badRequest, fieldError, HttpError } from '../../http/errors.ts';
import { takeMailgunControls } from '../../mail/message/mailgun-controls.ts';
import { all, first, mailgunAttachments, mailgunHeaders, mailgunOptions, readMailgunForm } from './mailgun-form.ts';
import { renderMailgunTemplate } from './mailgun-template.ts';
import {
  checkCustomHeaders,
  checkHeaderText,
  parseMailboxes,
  parseOneMailbox,
  sendComposed,
  sendMime,
} from './sending.service.ts';
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
  const fromValues = all(form, 'from');
  if (fromValues.length !== 1)
    throw badRequest(fromValues.length ? 'from must hold one address' : 'from parameter is missing');
  const from = parseOneMailbox('from', fromValues[0] as string);
  const to = parseMailboxes('to', all(form, 'to'));
  if (!to.length) throw badRequest('to parameter is missing');
  const headers = mailgunHeaders(form);
  // h:Reply-To holds an address: read with the grammar like from, whatever the case of its name.
  const replyTo = Object.entries(headers).find(([name]) => name.toLowerCase() === 'reply-to')?.[1];
  // A template (issue 13) gives the HTML (and with t:text=yes the text) and, unless one is given, the subject.
  const template = await renderMailgunTemplate(deps, form, {
    customerId: user.customerId,
    domainName: req.params.domain,
  });
  const text = template ? template.text : first(form, 'text');
  const html = template ? template.html : first(form, 'html');
  if (text === undefined && html === undefined && !template)
    throw badRequest("Need at least one of 'text' or 'html' parameters specified");
  const result = await sendComposed(
    deps,
    { source: 'mailgun', user, domainName: req.params.domain },
    {
      from,
      to,
      cc: parseMailboxes('cc', all(form, 'cc')),
      bcc: parseMailboxes('bcc', all(form, 'bcc')),
      replyTo: replyTo === undefined ? undefined : parseOneMailbox('h:Reply-To', replyTo),
      subject: checkHeaderText('subject', first(form, 'subject') ?? template?.subject ?? ''),
      text,
      html,
      headers: checkCustomHeaders('h:', withoutReplyTo(headers)),
      attachments: mailgunAttachments(form),
    },
    { ...mailgunOptions(form), template: template?.template },
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
  // X-Mailgun-Tag / X-Mailgun-Variables in the MIME file count like o:tag and v: fields (and are removed), as at Mailgun.
  const controls = takeMailgunControls(raw);
  if (!controls.ok) throw fieldError(controls.field, controls.error);
  const options = mailgunOptions(form);
  const variables = controls.variables || options.variables ? { ...controls.variables, ...options.variables } : null;
  const result = await sendMime(deps, { source: 'mailgun', user, domainName: req.params.domain }, controls.raw, to, {
    ...options,
    tags: [...controls.tags, ...options.tags],
    variables,
  });
  return result.messageIdHeader;
}

function withoutReplyTo(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'reply-to'));
}
