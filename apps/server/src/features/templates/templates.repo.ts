import type { Template, TemplateListQuery, TemplateVersion } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface TemplateRow {
  id: number;
  customer_id: number;
  domain_id: number;
  name: string;
  description: string;
  strict: boolean;
  created_at: Date;
  updated_at: Date;
  versions: number;
  active_id: number | null;
  active_tag: string | null;
  active_by: string | null;
  active_at: Date | null;
}

export interface VersionRow {
  id: number;
  template_id: number;
  tag: string;
  subject: string;
  html: string;
  text: string;
  created_by: string;
  created_at: Date;
  active: boolean;
}

const iso = (date: Date) => new Date(date).toISOString();

export const toTemplate = (row: TemplateRow): Template => ({
  tmplid: row.id,
  did: row.domain_id,
  name: row.name,
  description: row.description,
  strict: row.strict,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
  versions: row.versions,
  active:
    row.active_id === null
      ? null
      : {
          id: row.active_id,
          tag: row.active_tag ?? '',
          created_by: row.active_by ?? '',
          created_at: iso(row.active_at ?? row.created_at),
        },
});

export const toVersion = (row: VersionRow): TemplateVersion => ({
  id: row.id,
  tag: row.tag,
  subject: row.subject,
  html: row.html,
  text: row.text,
  created_by: row.created_by,
  created_at: iso(row.created_at),
  active: row.active,
});

const SELECT_TEMPLATE = `
  SELECT t.*, (SELECT count(*)::int FROM template_versions c WHERE c.template_id = t.id) AS versions,
         a.id AS active_id, a.tag AS active_tag, a.created_by AS active_by, a.created_at AS active_at
    FROM templates t LEFT JOIN template_versions a ON a.template_id = t.id AND a.active`;

const SORTS: Record<string, string> = {
  name: 't.name',
  description: 'lower(t.description)',
  created_at: 't.created_at',
  updated_at: 't.updated_at',
};

export async function listTemplates(db: Db, cid: number, did: number, page: TemplateListQuery) {
  // % and _ typed by a person are literal characters, not LIKE wildcards.
  const search = page.search ? `%${page.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const where =
    't.customer_id = $1 AND t.domain_id = $2 AND ($3::text IS NULL OR t.name LIKE $3 OR lower(t.description) LIKE $3)';
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY ${SORTS[page.sort ?? 'name'] ?? 't.name'} ${direction}, t.id ${direction}`;
  const limit = page.limit === 0 ? 'ALL' : String(page.limit);
  const [rows, count] = await Promise.all([
    db.query<TemplateRow>(`${SELECT_TEMPLATE} WHERE ${where} ${orderBy} LIMIT ${limit} OFFSET ${Number(page.skip)}`, [
      cid,
      did,
      search,
    ]),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM templates t WHERE ${where}`, [cid, did, search]),
  ]);
  return { rows, total: count.n };
}

export function findTemplate(db: Db, cid: number, did: number, tmplid: number) {
  return db.maybeOne<TemplateRow>(`${SELECT_TEMPLATE} WHERE t.customer_id = $1 AND t.domain_id = $2 AND t.id = $3`, [
    cid,
    did,
    tmplid,
  ]);
}

export function findActiveVersion(db: Db, tmplid: number) {
  return db.maybeOne<VersionRow>('SELECT * FROM template_versions WHERE template_id = $1 AND active', [tmplid]);
}

export function insertTemplate(
  db: Db,
  cid: number,
  did: number,
  fields: { name: string; description: string; strict: boolean },
) {
  return db.one<{ id: number }>(
    'INSERT INTO templates (customer_id, domain_id, name, description, strict) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [cid, did, fields.name, fields.description, fields.strict],
  );
}

export function updateTemplateFields(
  db: Db,
  tmplid: number,
  fields: { name?: string | undefined; description?: string | undefined; strict?: boolean | undefined },
) {
  return db.query(
    `UPDATE templates SET name = coalesce($2, name), description = coalesce($3, description),
            strict = coalesce($4, strict), updated_at = now()
      WHERE id = $1`,
    [tmplid, fields.name ?? null, fields.description ?? null, fields.strict ?? null],
  );
}

export async function deleteTemplate(db: Db, cid: number, did: number, tmplid: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM templates WHERE customer_id = $1 AND domain_id = $2 AND id = $3 RETURNING id',
    [cid, did, tmplid],
  );
  return rows.length > 0;
}

/** The next automatic tag: v1, v2, … (one past the number of versions, skipping tags an author already used). */
export async function nextTag(db: Db, tmplid: number): Promise<string> {
  const rows = await db.query<{ tag: string }>('SELECT tag FROM template_versions WHERE template_id = $1', [tmplid]);
  const used = new Set(rows.map((r) => r.tag));
  let n = rows.length + 1;
  while (used.has(`v${n}`)) n++;
  return `v${n}`;
}

export function insertVersion(
  db: Db,
  tmplid: number,
  version: {
    tag: string;
    subject: string;
    html: string;
    text: string;
    uid: number | null;
    by: string;
    active: boolean;
  },
) {
  return db.one<VersionRow>(
    `INSERT INTO template_versions (template_id, tag, subject, html, text, created_by_uid, created_by, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [tmplid, version.tag, version.subject, version.html, version.text, version.uid, version.by, version.active],
  );
}

/** Two statements: a unique index that is not deferrable is checked row by row, so the old one goes first. */
export async function activateVersion(db: Db, tmplid: number, versionId: number): Promise<boolean> {
  const exists = await db.maybeOne('SELECT id FROM template_versions WHERE template_id = $1 AND id = $2', [
    tmplid,
    versionId,
  ]);
  if (!exists) return false;
  await db.query('UPDATE template_versions SET active = false WHERE template_id = $1 AND active AND id <> $2', [
    tmplid,
    versionId,
  ]);
  await db.query('UPDATE template_versions SET active = true WHERE id = $1', [versionId]);
  await db.query('UPDATE templates SET updated_at = now() WHERE id = $1', [tmplid]);
  return true;
}

export async function listVersions(db: Db, tmplid: number, page: TemplateListQuery) {
  const limit = page.limit === 0 ? 'ALL' : String(page.limit);
  const [rows, count] = await Promise.all([
    db.query<VersionRow>(
      `SELECT * FROM template_versions WHERE template_id = $1 ORDER BY created_at DESC, id DESC
        LIMIT ${limit} OFFSET ${Number(page.skip)}`,
      [tmplid],
    ),
    db.one<{ n: number }>('SELECT count(*)::int AS n FROM template_versions WHERE template_id = $1', [tmplid]),
  ]);
  return { rows, total: count.n };
}
