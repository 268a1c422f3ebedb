import { sendingEndpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { parseInput } from '../../http/input-guard.ts';
import { domainOfAddress, renderTemplateParts, variablesAsText } from './send-template.ts';
import { checkCustomHeaders, sendComposed } from './sending.service.ts';
import { authenticateSender } from './sending-auth.ts';

/**
 * POST /api/v1/send: the native JSON send API (see the contract for the body). Registered directly rather than
 * through route(): a sending key, not a console session, authenticates it, and the hot path skips the session lookup.
 */
export function registerNativeSendRoute(app: FastifyInstance, deps: Deps) {
  const endpoint = sendingEndpoints.send;
  app.post(`/api${endpoint.path}`, async (req) => {
    const user = await authenticateSender(deps, req.headers.authorization, req.ip);
    const body = parseInput(endpoint.body, req.body);
    // A template (issue 13) gives subject, HTML and text, rendered with the variables; a given subject wins.
    const parts = body.template
      ? await renderTemplateParts(deps, {
          customerId: user.customerId,
          domainName: domainOfAddress(body.from.address),
          name: body.template,
          version: body.version,
          variables: body.variables ?? {},
          fields: { name: 'template', version: 'version' },
        })
      : null;
    // Addresses, names, the subject and file names were read with the one address grammar and header-text rules of
    // the contract (mail-address.ts): nothing with a line break or a second address gets this far.
    const result = await sendComposed(
      deps,
      { source: 'api', user, domainName: null },
      {
        from: body.from,
        to: body.to,
        cc: body.cc ?? [],
        bcc: body.bcc ?? [],
        replyTo: body.reply_to,
        subject: body.subject ?? parts?.subject ?? '',
        text: parts ? parts.text : body.text,
        html: parts ? parts.html : body.html,
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
        variables: variablesAsText(body.variables),
        template: parts?.template,
        testmode: body.testmode ?? false,
        deliverAt: body.deliver_at ? new Date(body.deliver_at) : null,
      },
    );
    return { data: endpoint.response.parse({ id: `<${result.messageIdHeader}>`, message: 'Queued. Thank you.' }) };
  });
}
