import {
  TEMPLATE_MSG,
  type TemplateListQuery,
  type templateCreate,
  type templateRenderRequest,
  type templateUpdate,
} from '@mailwright/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError, fieldErrors, notFound } from '../../http/errors.ts';
import { checkTemplate, renderTemplate, type TemplateContent, TemplateError } from '../../mail/templates/render.ts';
import { requireDomain } from '../domains/domains.service.ts';
import * as repo from './templates.repo.ts';

type Create = z.output<typeof templateCreate>;
type Update = z.output<typeof templateUpdate>;
type RenderRequest = z.output<typeof templateRenderRequest>;

const isUniqueViolation = (error: unknown, index: string) =>
  (error as { code?: string; constraint?: string; message?: string }).code === '23505' &&
  JSON.stringify([(error as { constraint?: string }).constraint, (error as Error).message]).includes(index);

/** A syntax error is refused at save: a 400 field error per part, with line and column (issue 13). */
function refuseSyntaxErrors(content: TemplateContent) {
  const errors = checkTemplate(content);
  if (errors.length) throw fieldErrors(errors.map((e) => ({ field: e.field, message: e.message })));
}

async function requireTemplate(db: Db, auth: AuthContext, did: number, tmplid: number) {
  const row = await repo.findTemplate(db, auth.cid, did, tmplid);
  if (!row) throw notFound(TEMPLATE_MSG.notFound);
  return row;
}

async function detail(db: Db, auth: AuthContext, did: number, tmplid: number) {
  const row = await requireTemplate(db, auth, did, tmplid);
  const version = await repo.findActiveVersion(db, tmplid);
  return { ...repo.toTemplate(row), version: version ? repo.toVersion(version) : null };
}

async function author(db: Db, auth: AuthContext) {
  const user = await db.maybeOne<{ username: string }>('SELECT username FROM users WHERE id = $1', [auth.uid]);
  return { uid: auth.uid, by: user?.username ?? `user ${auth.uid}` };
}

/** Unique names and tags are form errors (spec 5: 400 on create/update goes back to the form). */
async function withUniqueChecks<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'templates_domain_name_key')) {
      throw fieldError('name', 'A template with this name exists on this domain already');
    }
    if (isUniqueViolation(error, 'template_versions_tag_key')) {
      throw fieldError('tag', 'Another version of this template has this tag');
    }
    throw error;
  }
}

export async function listTemplates(deps: Deps, auth: AuthContext, did: number, page: TemplateListQuery) {
  await requireDomain(deps, auth.cid, did);
  const { rows, total } = await repo.listTemplates(deps.db, auth.cid, did, page);
  return { items: rows.map(repo.toTemplate), total };
}

export async function getTemplate(deps: Deps, auth: AuthContext, did: number, tmplid: number) {
  await requireDomain(deps, auth.cid, did);
  return detail(deps.db, auth, did, tmplid);
}

export async function createTemplate(deps: Deps, auth: AuthContext, did: number, body: Create) {
  await requireDomain(deps, auth.cid, did);
  refuseSyntaxErrors(body);
  const who = await author(deps.db, auth);
  const id = await withUniqueChecks(() =>
    deps.db.transaction(async (tx) => {
      const { id } = await repo.insertTemplate(tx, auth.cid, did, body);
      await repo.insertVersion(tx, id, { ...body, tag: body.tag || 'v1', ...who, active: true });
      return id;
    }),
  );
  return { ...(await detail(deps.db, auth, did, id)), message: TEMPLATE_MSG.saved };
}

/** Name and description change in place; new content is a new version (who, when), active unless asked otherwise. */
export async function updateTemplate(deps: Deps, auth: AuthContext, did: number, tmplid: number, body: Update) {
  await requireDomain(deps, auth.cid, did);
  await withUniqueChecks(() =>
    deps.db.transaction(async (tx) => {
      await requireTemplate(tx, auth, did, tmplid);
      const active = await repo.findActiveVersion(tx, tmplid);
      const content = {
        subject: body.subject ?? active?.subject ?? '',
        html: body.html ?? active?.html ?? '',
        text: body.text ?? active?.text ?? '',
      };
      const changed =
        !active || (['subject', 'html', 'text'] as const).some((part) => content[part] !== active[part]) || body.tag;
      if (changed) {
        if (!content.html.trim() && !content.text.trim()) throw fieldError('html', 'Give HTML or text');
        refuseSyntaxErrors(content);
        const tag = body.tag || (await repo.nextTag(tx, tmplid));
        const version = await repo.insertVersion(tx, tmplid, {
          ...content,
          tag,
          ...(await author(tx, auth)),
          active: false,
        });
        if (body.active || !active) await repo.activateVersion(tx, tmplid, version.id);
      }
      await repo.updateTemplateFields(tx, tmplid, body);
    }),
  );
  return { ...(await detail(deps.db, auth, did, tmplid)), message: TEMPLATE_MSG.saved };
}

export async function deleteTemplate(deps: Deps, auth: AuthContext, did: number, tmplid: number) {
  await requireDomain(deps, auth.cid, did);
  if (!(await repo.deleteTemplate(deps.db, auth.cid, did, tmplid))) throw notFound(TEMPLATE_MSG.notFound);
  return { message: TEMPLATE_MSG.deleted };
}

export async function listHistory(deps: Deps, auth: AuthContext, did: number, tmplid: number, page: TemplateListQuery) {
  await requireDomain(deps, auth.cid, did);
  await requireTemplate(deps.db, auth, did, tmplid);
  const { rows, total } = await repo.listVersions(deps.db, tmplid, page);
  return { items: rows.map(repo.toVersion), total };
}

export async function activateVersion(deps: Deps, auth: AuthContext, did: number, tmplid: number, versionId: number) {
  await requireDomain(deps, auth.cid, did);
  const found = await deps.db.transaction(async (tx) => {
    await requireTemplate(tx, auth, did, tmplid);
    return repo.activateVersion(tx, tmplid, versionId);
  });
  if (!found) throw notFound('Template version not found!');
  return { ...(await detail(deps.db, auth, did, tmplid)), message: TEMPLATE_MSG.saved };
}

/** The console's preview: the same renderer and helpers as sending, so what it shows is what is sent. */
export async function renderPreview(deps: Deps, auth: AuthContext, did: number, body: RenderRequest) {
  await requireDomain(deps, auth.cid, did);
  refuseSyntaxErrors(body);
  try {
    return renderTemplate(body, body.variables, { strict: body.strict });
  } catch (error) {
    if (error instanceof TemplateError) throw fieldError(error.field, error.message);
    throw error;
  }
}
