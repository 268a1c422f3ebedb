import type { Db } from '../../db/client.ts';
import { renderTemplate, type TemplateContent, TemplateError } from './render.ts';

/** A template a message is sent with, as each sending API names it. */
export interface TemplateRequest {
  customerId: number;
  /** The sending domain's name: templates belong to a domain. */
  domainName: string;
  /** The template's name (or, from SendGrid's template_id, its tmplid). */
  name: string;
  /** A version's tag; unset: the active version. */
  version?: string | undefined;
  variables: unknown;
}

export interface RenderedTemplate extends TemplateContent {
  template: { id: number; name: string; versionId: number; tag: string };
}

/** Why a template could not be used at send: the request field it is about, and the text (HTTP 400). */
export class TemplateSendError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

interface VersionRow extends TemplateContent {
  template_id: number;
  name: string;
  strict: boolean;
  version_id: number;
  tag: string;
}

/** The engine's own read of a template version (ARCHITECTURE §8: the engine never imports a feature). */
function findVersion(db: Db, request: TemplateRequest): Promise<VersionRow | undefined> {
  const byId = /^\d{1,9}$/.test(request.name) ? Number(request.name) : null;
  return db.maybeOne<VersionRow>(
    `SELECT t.id AS template_id, t.name, t.strict, v.id AS version_id, v.tag, v.subject, v.html, v.text
       FROM templates t
       JOIN domains d ON d.id = t.domain_id
       JOIN template_versions v ON v.template_id = t.id
      WHERE t.customer_id = $1 AND d.name = $2 AND (t.name = $3 OR t.id = $4)
        AND (CASE WHEN $5::text IS NULL THEN v.active ELSE v.tag = $5 END)
      ORDER BY (t.name = $3) DESC LIMIT 1`,
    [request.customerId, request.domainName.toLowerCase(), request.name.toLowerCase(), byId, request.version ?? null],
  );
}

/**
 * Looks a template up and renders it with the variables (compiled once per version, cached). Refusals name the
 * request's field: `fields.name` for an unknown template, `fields.version` for an unknown version, and the template
 * (with the failing part) when rendering fails.
 */
export async function renderForSending(
  db: Db,
  request: TemplateRequest,
  fields: { name: string; version: string },
): Promise<RenderedTemplate> {
  const row = await findVersion(db, request);
  if (!row) {
    if (request.version !== undefined && (await findVersion(db, { ...request, version: undefined }))) {
      throw new TemplateSendError(fields.version, `Template ${request.name} has no version ${request.version}`);
    }
    throw new TemplateSendError(fields.name, `Template ${request.name} not found for domain ${request.domainName}`);
  }
  try {
    const rendered = renderTemplate(row, request.variables, { versionId: row.version_id, strict: row.strict });
    return { ...rendered, template: { id: row.template_id, name: row.name, versionId: row.version_id, tag: row.tag } };
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    throw new TemplateSendError(fields.name, `Template ${row.name} (${row.tag}, ${error.field}): ${error.message}`);
  }
}
