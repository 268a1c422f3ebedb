import { z } from 'zod';
import { id, okResponse, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Templates (spec 2, 3 and 7: `templates/{domain}` CRUD plus history; issue 13): per sending domain, a name, a
 * description and versions of Handlebars content (subject, HTML, text). Every save of content makes a new version;
 * exactly one version is active, and the sending APIs use it unless a version is named. `{domain}` is the domain id.
 */

/** Spec 8 texts, spelled as the spec spells them. */
export const TEMPLATE_MSG = {
  saved: 'Template saved!',
  notFound: 'Template not found!',
  deleted: 'Template deleted!',
} as const;

/** The most a template's content (subject, HTML and text together) may weigh, in bytes of UTF-8 (issue 13). */
export const MAX_TEMPLATE_BYTES = 512 * 1024;
export const templateTooLarge = `A template is at most ${MAX_TEMPLATE_BYTES / 1024} KB (subject, HTML and text together)`;

/** Mailgun's rule for names (kept lowercase): what the sending APIs name, so no spaces or odd characters. */
export const templateName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'This field is required')
  .max(100, 'A name is at most 100 characters')
  .regex(/^([a-z0-9][a-z0-9._-]*)?$/, 'Use letters, digits and . _ - (starting with a letter or digit)');

/** A version's label (Mailgun's tag, named by t:version and the native API's `version`). */
export const templateTag = z
  .string()
  .trim()
  .max(50, 'A tag is at most 50 characters')
  .regex(/^[A-Za-z0-9._-]*$/, 'Use letters, digits and . _ -');

const description = z.string().trim().max(500, 'A description is at most 500 characters');

/** One version of a template, with its content. */
export const templateVersionSchema = z.object({
  id: z.number().int(),
  tag: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  active: z.boolean(),
});
export type TemplateVersion = z.infer<typeof templateVersionSchema>;

/** A template in the list: what it is, and a summary of its active version. */
export const templateSchema = z.object({
  tmplid: z.number().int(),
  did: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** A send that lacks a variable the template prints ({{name}}) is refused (400 naming it) instead of rendered empty. */
  strict: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  versions: z.number().int(),
  active: z
    .object({ id: z.number().int(), tag: z.string(), created_by: z.string(), created_at: z.string() })
    .nullable(),
});
export type Template = z.infer<typeof templateSchema>;

/** One template with its active version's content. */
export const templateDetailSchema = templateSchema.extend({ version: templateVersionSchema.nullable() });
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

const withMessage = templateDetailSchema.extend({ message: z.string() });

/** UTF-8 length without TextEncoder (the contract compiles without DOM or Node types). */
function bytes(value: string | undefined): number {
  let n = 0;
  for (const ch of value ?? '') {
    const code = ch.codePointAt(0) ?? 0;
    n += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return n;
}
const content = {
  // One line: the subject becomes a header (RFC 5322 2.2); the rendered value is checked again at send.
  subject: z
    .string()
    .max(998, 'A subject is at most 998 characters')
    .refine((v) => !/[\r\n]/.test(v), 'The subject must be on one line'),
  html: z.string().max(MAX_TEMPLATE_BYTES, templateTooLarge),
  text: z.string().max(MAX_TEMPLATE_BYTES, templateTooLarge),
};
function checkSize(
  v: { subject?: string | undefined; html?: string | undefined; text?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (bytes(v.subject) + bytes(v.html) + bytes(v.text) > MAX_TEMPLATE_BYTES) {
    ctx.addIssue({ code: 'custom', message: templateTooLarge, path: ['html'] });
  }
}

/** A new template with its first version (active). */
export const templateCreate = z
  .object({
    name: templateName,
    description: description.default(''),
    strict: z.boolean().default(false),
    subject: content.subject.default(''),
    html: content.html.default(''),
    text: content.text.default(''),
    tag: templateTag.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.html.trim() && !v.text.trim())
      ctx.addIssue({ code: 'custom', message: 'Give HTML or text', path: ['html'] });
    checkSize(v, ctx);
  });
export type TemplateCreate = z.input<typeof templateCreate>;

/**
 * A change: name and description change the template; any of subject, html and text makes a new version from the
 * active one with those parts replaced (unless nothing differs), active unless `active` is false.
 */
export const templateUpdate = z
  .object({
    name: templateName.optional(),
    description: description.optional(),
    strict: z.boolean().optional(),
    subject: content.subject.optional(),
    html: content.html.optional(),
    text: content.text.optional(),
    tag: templateTag.optional(),
    active: z.boolean().default(true),
  })
  .superRefine(checkSize);
export type TemplateUpdate = z.input<typeof templateUpdate>;

export const templateListQuery = pageQuery.extend({ limit: z.coerce.number().int().min(0).max(1000).default(20) });
export type TemplateListQuery = z.infer<typeof templateListQuery>;

/** Spec 3: the template list holds items and total (not total_count). */
export const templateList = z.object({ items: z.array(templateSchema), total: z.number().int() });
export const templateHistory = z.object({ items: z.array(templateVersionSchema), total: z.number().int() });

/** Variables a template is rendered with: a JSON object (nested objects and arrays for #each). */
export const templateVariables = z.record(z.string().max(128), z.unknown());

/** Content to render for a preview (the edit screen's live preview and the detail screen's version preview). */
export const templateRenderRequest = z
  .object({
    subject: content.subject.default(''),
    html: content.html.default(''),
    text: content.text.default(''),
    variables: templateVariables.default({}),
    strict: z.boolean().default(false),
  })
  .superRefine(checkSize);
export const templateRendered = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TemplateRendered = z.infer<typeof templateRendered>;

const domainParams = z.object({ domain: id });
const templateParams = z.object({ domain: id, tmplid: id });
const tag = 'Templates';

export const templatesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/templates/:domain',
    access: 'session',
    tag,
    summary: "A domain's templates (items and total); search matches the name and description.",
    params: domainParams,
    query: templateListQuery,
    response: templateList,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/templates/:domain',
    access: 'session',
    tag,
    summary:
      'Create a template with its first (active) version; Handlebars syntax errors are field errors with line and column.',
    params: domainParams,
    body: templateCreate,
    response: withMessage,
  }),
  render: defineEndpoint({
    method: 'POST',
    path: '/templates/:domain/render',
    access: 'session',
    tag,
    summary: 'Render content with sample variables, as sending would (the console preview).',
    params: domainParams,
    body: templateRenderRequest,
    response: templateRendered,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/templates/:domain/:tmplid',
    access: 'session',
    tag,
    summary: 'One template with its active version.',
    params: templateParams,
    response: templateDetailSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/templates/:domain/:tmplid',
    access: 'session',
    tag,
    summary: 'Rename or describe a template; new content is saved as a new version.',
    params: templateParams,
    body: templateUpdate,
    response: withMessage,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/templates/:domain/:tmplid',
    access: 'session',
    tag,
    summary: 'Delete a template with all its versions.',
    params: templateParams,
    response: okResponse,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/templates/:domain/:tmplid/history',
    access: 'session',
    tag,
    summary: "A template's versions, newest first (who saved each, when, its tag and whether it is active).",
    params: templateParams,
    query: templateListQuery,
    response: templateHistory,
  }),
  activate: defineEndpoint({
    method: 'PUT',
    path: '/templates/:domain/:tmplid/history/:version',
    access: 'session',
    tag,
    summary: 'Make a version (an older one, typically) the active one again.',
    params: templateParams.extend({ version: id }),
    response: withMessage,
  }),
};
