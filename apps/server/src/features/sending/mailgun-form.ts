import type { FastifyRequest } from 'fastify';
import { badRequest, fieldError } from '../../http/errors.ts';
import type { Attachment } from '../../mail/message/compose-input.ts';
import { parseVariables, TAG, VARIABLES } from '../../mail/message/mailgun-controls.ts';
import { checkHeaderText, type SendOptions } from './sending.service.ts';

/** A Mailgun request's form: every field with all its values (to, o:tag… repeat), and the uploaded files. */
export interface MailgunForm {
  fields: Map<string, string[]>;
  files: { field: string; filename: string; contentType: string; content: Buffer }[];
}

/** Reads multipart/form-data (@fastify/multipart) or application/x-www-form-urlencoded (@fastify/formbody). */
export async function readMailgunForm(req: FastifyRequest): Promise<MailgunForm> {
  const fields = new Map<string, string[]>();
  const add = (name: string, value: string) => fields.set(name, [...(fields.get(name) ?? []), value]);
  const files: MailgunForm['files'] = [];
  if (req.isMultipart()) {
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const content = await part.toBuffer();
          files.push({ field: part.fieldname, filename: part.filename, contentType: part.mimetype, content });
        } else {
          add(part.fieldname, String(part.value));
        }
      }
    } catch (error) {
      // The multipart parser's own limits carry a status (413); its parse errors (a body cut short, no boundary)
      // carry none, and are the client's malformed body, not a server fault.
      if ((error as { statusCode?: number }).statusCode) throw error;
      throw badRequest('Malformed multipart/form-data body');
    }
  } else if (req.body && typeof req.body === 'object') {
    for (const [name, value] of Object.entries(req.body as Record<string, unknown>)) {
      for (const v of Array.isArray(value) ? value : [value]) add(name, String(v));
    }
  } else {
    throw badRequest('Send the message as multipart/form-data or application/x-www-form-urlencoded');
  }
  return { fields, files };
}

export const all = (form: MailgunForm, name: string) => form.fields.get(name) ?? [];
export const first = (form: MailgunForm, name: string) => form.fields.get(name)?.[0];

const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0']);

function flag(form: MailgunForm, name: string, extra: readonly string[] = []): boolean | string | undefined {
  const value = first(form, name)?.trim().toLowerCase();
  if (value === undefined) return undefined;
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  if (extra.includes(value)) return value;
  throw badRequest(`${name} must be yes or no${extra.length ? ` or ${extra.join(', ')}` : ''}`);
}

/** The o: options that matter (tag, testmode, deliverytime, tracking*) and v: variables. */
export function mailgunOptions(form: MailgunForm): SendOptions {
  const deliverytime = first(form, 'o:deliverytime');
  let deliverAt: Date | null = null;
  if (deliverytime !== undefined) {
    deliverAt = new Date(deliverytime); // RFC 2822 dates, as Mailgun takes them
    if (Number.isNaN(deliverAt.getTime())) throw badRequest('o:deliverytime is not a valid RFC 2822 date');
  }
  // Per message, as Mailgun: o:tracking switches both, o:tracking-clicks / o:tracking-opens each one (they win).
  // "htmlonly" clicks means links in the HTML part only, which is the only part Mailwright rewrites anyway.
  const tracking = trackingFlag(flag(form, 'o:tracking', ['htmlonly']));
  const clicks = trackingFlag(flag(form, 'o:tracking-clicks', ['htmlonly'])) ?? tracking;
  const opens = trackingFlag(flag(form, 'o:tracking-opens')) ?? tracking;
  // h:X-Mailgun-Variables (a JSON object) and h:X-Mailgun-Tag count like v: and o:tag, as at Mailgun; v: wins.
  let variables: Record<string, string> = {};
  const tags: string[] = [];
  for (const [name, values] of form.fields) {
    const header = name.startsWith('h:') ? name.slice(2).toLowerCase() : '';
    if (header === TAG) tags.push(...values);
    if (header !== VARIABLES) continue;
    const parsed = parseVariables(values[0] ?? '');
    if (typeof parsed === 'string') throw fieldError(name, parsed);
    variables = { ...variables, ...parsed };
  }
  for (const [name, values] of form.fields) {
    if (name.startsWith('v:') && name.length > 2) variables[name.slice(2)] = values[0] ?? '';
  }
  return {
    tags: [...tags, ...all(form, 'o:tag')],
    variables: Object.keys(variables).length ? variables : null,
    testmode: flag(form, 'o:testmode') === true,
    deliverAt,
    ...(clicks !== undefined || opens !== undefined
      ? { tracking: { ...(opens !== undefined ? { opens } : {}), ...(clicks !== undefined ? { clicks } : {}) } }
      : {}),
  };
}

const trackingFlag = (value: boolean | string | undefined): boolean | undefined =>
  value === undefined ? undefined : value !== false;

/** h:X-Header fields as headers (but Mailgun's h:X-Mailgun-Tag / -Variables, which mailgunOptions reads). */
export function mailgunHeaders(form: MailgunForm): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, values] of form.fields) {
    const header = name.slice(2);
    // Instructions to us (read by mailgunOptions), never written into the message.
    const control = [TAG, VARIABLES].includes(header.toLowerCase());
    if (name.startsWith('h:') && name.length > 2 && !control) headers[header] = values[0] ?? '';
  }
  return headers;
}

/** attachment and inline files; inline ones are referenced from HTML as cid:<filename>, as with Mailgun. */
export function mailgunAttachments(form: MailgunForm): Attachment[] {
  return form.files
    .filter((f) => f.field === 'attachment' || f.field === 'inline')
    .map((f) => ({
      filename: checkHeaderText(f.field, f.filename),
      content: f.content,
      contentType: f.contentType,
      ...(f.field === 'inline' ? { cid: f.filename } : {}),
    }));
}
