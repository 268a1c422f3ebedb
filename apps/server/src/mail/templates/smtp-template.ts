import MailComposer from 'nodemailer/lib/mail-composer';
import type { Db } from '../../db/client.ts';
import { domainOf, parseAddressList } from '../message/addresses.ts';
import { decodeEncodedWords, headerValue, joinMessage, splitMessage } from '../message/headers.ts';
import { renderForSending, TemplateSendError } from './template-send.ts';

export const TEMPLATE_HEADER = 'x-mailwright-template';
export const VERSION_HEADER = 'x-mailwright-template-version';
export const VARIABLES_HEADER = 'x-mailwright-variables';
const CONTROLS = new Set([TEMPLATE_HEADER, VERSION_HEADER, VARIABLES_HEADER]);
// The message's own body description, replaced by the rendered template's.
const BODY_FIELDS = new Set(['content-type', 'content-transfer-encoding', 'mime-version']);

export type SmtpTemplateResult =
  | { ok: true; raw: Buffer; template: { name: string; tag: string } | null }
  | { ok: false; field: string; error: string };

function readVariables(value: string | undefined): Record<string, unknown> | string {
  if (value === undefined) return {};
  try {
    const json: unknown = JSON.parse(decodeEncodedWords(value));
    if (json && typeof json === 'object' && !Array.isArray(json)) return json as Record<string, unknown>;
  } catch {
    // answered below
  }
  return 'X-Mailwright-Variables must be a JSON object';
}

/**
 * Sending with a template over SMTP (issue 13): `X-Mailwright-Template: <name>`, optionally
 * `X-Mailwright-Template-Version: <tag>` and `X-Mailwright-Variables: <JSON object>`. Like Mailgun's X-Mailgun-*
 * fields they are instructions to us: removed before signing. The rendered HTML and text become the message's body
 * (whatever body the client sent is replaced, attachments included); the message's own Subject wins, else the
 * template's is used. A message without the header comes back as it was.
 */
export async function applySmtpTemplate(db: Db, raw: Buffer, customerId: number): Promise<SmtpTemplateResult> {
  const { headers } = splitMessage(raw);
  const name = headerValue(headers, TEMPLATE_HEADER);
  if (name === undefined) return { ok: true, raw, template: null };
  const variables = readVariables(headerValue(headers, VARIABLES_HEADER));
  if (typeof variables === 'string') return { ok: false, field: 'X-Mailwright-Variables', error: variables };
  const from = parseAddressList(headerValue(headers, 'from'))[0]?.address;
  if (!from?.includes('@')) return { ok: false, field: 'From', error: 'A templated message needs a From address' };
  let rendered: Awaited<ReturnType<typeof renderForSending>>;
  try {
    rendered = await renderForSending(
      db,
      {
        customerId,
        domainName: domainOf(from),
        name: decodeEncodedWords(name).trim(),
        version: headerValue(headers, VERSION_HEADER)?.trim() || undefined,
        variables,
      },
      { name: 'X-Mailwright-Template', version: 'X-Mailwright-Template-Version' },
    );
  } catch (error) {
    if (error instanceof TemplateSendError) return { ok: false, field: error.field, error: error.message };
    throw error;
  }
  const subject = decodeEncodedWords(headerValue(headers, 'subject') ?? '').trim() || rendered.subject;
  if (/[\r\n]/.test(subject)) return { ok: false, field: 'Subject', error: 'The subject must be on one line' };
  // The composer encodes the parts (quoted-printable, RFC 2047 for the subject); its other fields are not used.
  const composed = await new MailComposer({
    subject,
    text: rendered.text.trim() ? rendered.text : undefined,
    html: rendered.html.trim() ? rendered.html : undefined,
    xMailer: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
  const built = splitMessage(composed);
  const kept = headers.filter((h) => !CONTROLS.has(h.key) && !BODY_FIELDS.has(h.key) && h.key !== 'subject');
  const taken = built.headers.filter((h) => BODY_FIELDS.has(h.key) || h.key === 'subject');
  const template = { name: rendered.template.name, tag: rendered.template.tag };
  return { ok: true, raw: joinMessage([...kept, ...taken], built.body), template };
}
