import {
  type BounceCategoryPattern,
  type BounceCategoryPatternCreate,
  type DsnPattern,
  type DsnPatternCreate,
  PATTERN_MSG,
  type PatternListQuery,
  type SmtpPattern,
  type SmtpPatternCreate,
} from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { CategoryRule } from '../../mail/classify/classify.ts';
import type { DsnRule } from '../../mail/classify/dsn-rules.ts';
import type { SmtpRule } from '../../mail/classify/smtp-action.ts';
import * as repo from './patterns.repo.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const base = (row: repo.PatternRow) => ({
  pattern: row.pattern,
  note: row.note,
  enabled: row.enabled,
  position: row.position,
  updated_at: iso(row.updated_at),
});

/** What differs between the three lists: table, id name in the API, spec texts, row <-> API mapping. */
export type PatternList<Api, Write> = {
  table: repo.PatternTable;
  messages: { saved: string; deleted: string; notFound: string };
  toApi(row: repo.PatternRow): Api;
  toWrite(body: Write): repo.PatternWrite;
};

export const SMTP_LIST: PatternList<SmtpPattern, SmtpPatternCreate> = {
  table: 'smtp_patterns',
  messages: { saved: PATTERN_MSG.smtpSaved, deleted: PATTERN_MSG.smtpDeleted, notFound: PATTERN_MSG.smtpNotFound },
  toApi: (row) => ({
    spid: row.id,
    ...base(row),
    action: row.action as SmtpPattern['action'],
    backoff_minutes: (row.backoff_minutes as number | null) ?? null,
  }),
  toWrite: (body) => ({ ...body }),
};

export const DSN_LIST: PatternList<DsnPattern, DsnPatternCreate> = {
  table: 'dsn_patterns',
  messages: { saved: PATTERN_MSG.dsnSaved, deleted: PATTERN_MSG.dsnDeleted, notFound: PATTERN_MSG.dsnNotFound },
  toApi: (row) => ({
    dpid: row.id,
    ...base(row),
    status: String(row.status),
    action: row.action as DsnPattern['action'],
  }),
  toWrite: (body) => ({ ...body }),
};

export const CATEGORY_LIST: PatternList<BounceCategoryPattern, BounceCategoryPatternCreate> = {
  table: 'bounce_category_patterns',
  messages: { saved: PATTERN_MSG.categorySaved, deleted: PATTERN_MSG.deleted, notFound: PATTERN_MSG.notFound },
  toApi: (row) => ({
    spcid: row.id,
    ...base(row),
    category: row.category as BounceCategoryPattern['category'],
    hard: (row.hard as boolean | null) ?? null,
  }),
  toWrite: (body) => ({ ...body }),
};

export async function listPatterns<A, W>(db: Db, list: PatternList<A, W>, query: PatternListQuery) {
  const { items, total } = await repo.listPatterns(db, list.table, query);
  return { items: items.map(list.toApi), total_count: total };
}

export async function getPattern<A, W>(db: Db, list: PatternList<A, W>, id: number): Promise<A> {
  const row = await repo.findPattern(db, list.table, id);
  if (!row) throw notFound(list.messages.notFound);
  return list.toApi(row);
}

export async function createPattern<A, W>(db: Db, list: PatternList<A, W>, body: W) {
  const row = await repo.insertPattern(db, list.table, list.toWrite(body));
  forgetCachedRules();
  return { ...list.toApi(row), message: list.messages.saved };
}

export async function updatePattern<A, W>(db: Db, list: PatternList<A, W>, id: number, body: W) {
  const row = await repo.updatePattern(db, list.table, id, list.toWrite(body));
  if (!row) throw notFound(list.messages.notFound);
  forgetCachedRules();
  return { ...list.toApi(row), message: list.messages.saved };
}

export async function togglePattern<A, W>(db: Db, list: PatternList<A, W>, id: number, enabled: boolean | undefined) {
  const row = await repo.setPatternEnabled(db, list.table, id, enabled);
  if (!row) throw notFound(list.messages.notFound);
  forgetCachedRules();
  return { ...list.toApi(row), message: PATTERN_MSG.toggled };
}

export async function deletePattern<A, W>(db: Db, list: PatternList<A, W>, id: number) {
  if (!(await repo.deletePattern(db, list.table, id))) throw notFound(list.messages.notFound);
  forgetCachedRules();
  return { message: list.messages.deleted };
}

/** The enabled rules of the three lists, in matching order, shaped for the pure classifiers in mail/classify. */
export type PatternRules = { smtp: SmtpRule[]; dsn: DsnRule[]; category: CategoryRule[] };

export async function loadPatternRules(db: Db): Promise<PatternRules> {
  const [smtp, dsn, category] = await Promise.all([
    repo.enabledPatterns(db, 'smtp_patterns'),
    repo.enabledPatterns(db, 'dsn_patterns'),
    repo.enabledPatterns(db, 'bounce_category_patterns'),
  ]);
  return {
    smtp: smtp.map((r) => ({ ...SMTP_LIST.toApi(r), id: r.id })),
    dsn: dsn.map((r) => ({ ...DSN_LIST.toApi(r), id: r.id })),
    category: category.map((r) => ({ ...CATEGORY_LIST.toApi(r), id: r.id })),
  };
}

let cached: { at: number; db: Db; rules: Promise<PatternRules> } | undefined;

/**
 * The rules for the hot path (every remote reply, every inbound bounce): read at most every `maxAgeMs`, and at once
 * after an edit through this process. Other processes see an edit within `maxAgeMs`.
 */
export function cachedPatternRules(db: Db, maxAgeMs = 30_000): Promise<PatternRules> {
  if (!cached || cached.db !== db || Date.now() - cached.at > maxAgeMs) {
    const rules = loadPatternRules(db);
    cached = { at: Date.now(), db, rules };
    rules.catch(() => {
      if (cached?.rules === rules) cached = undefined;
    });
  }
  return cached.rules;
}

function forgetCachedRules() {
  cached = undefined;
}
