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
import { fieldError, notFound } from '../../http/errors.ts';
import { forgetCachedPatternRules } from '../../mail/classify/pattern-rules.repo.ts';
import { patternProblem } from '../../mail/classify/patterns.ts';
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

/** The engine runs patterns on RE2 (linear time): what RE2 cannot run is refused here, never saved to be skipped. */
function checkedWrite<A, W>(list: PatternList<A, W>, body: W): repo.PatternWrite {
  const write = list.toWrite(body);
  const problem = patternProblem(write.pattern);
  if (problem) throw fieldError('pattern', problem);
  return write;
}

export async function createPattern<A, W>(db: Db, list: PatternList<A, W>, body: W) {
  const row = await repo.insertPattern(db, list.table, checkedWrite(list, body));
  forgetCachedPatternRules();
  return { ...list.toApi(row), message: list.messages.saved };
}

export async function updatePattern<A, W>(db: Db, list: PatternList<A, W>, id: number, body: W) {
  const row = await repo.updatePattern(db, list.table, id, checkedWrite(list, body));
  if (!row) throw notFound(list.messages.notFound);
  forgetCachedPatternRules();
  return { ...list.toApi(row), message: list.messages.saved };
}

export async function togglePattern<A, W>(db: Db, list: PatternList<A, W>, id: number, enabled: boolean | undefined) {
  const row = await repo.setPatternEnabled(db, list.table, id, enabled);
  if (!row) throw notFound(list.messages.notFound);
  forgetCachedPatternRules();
  return { ...list.toApi(row), message: PATTERN_MSG.toggled };
}

export async function deletePattern<A, W>(db: Db, list: PatternList<A, W>, id: number) {
  if (!(await repo.deletePattern(db, list.table, id))) throw notFound(list.messages.notFound);
  forgetCachedPatternRules();
  return { message: list.messages.deleted };
}
