import {
  type BounceCategoryPattern,
  type BounceCategoryPatternCreate,
  bounceCategoryPatternsEndpoints,
  type DsnPattern,
  type DsnPatternCreate,
  dsnPatternsEndpoints,
  type PatternTestRequest,
  type ResponseOf,
  type SmtpPattern,
  type SmtpPatternCreate,
  smtpPatternsEndpoints,
} from '@mailwright/contract';
import type { EnabledFilter } from '../../components/ListActions.tsx';
import type { ListPage, PageState } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';

/** The fields every operator rule shares (spec: spid, dpid, spcid lists). */
export interface PatternBase {
  pattern: string;
  note: string;
  enabled: boolean;
  position: number;
  updated_at: string;
}

type Saved<P> = P & { message: string };

/**
 * The contract builds its save answers as `schema.extend({ message })` through a generic helper, whose type widens to
 * a plain record; the API client has parsed the answer with that very schema, so the rule's own type plus the
 * message is what it holds.
 */
const asSaved = <P>(answer: Promise<unknown>) => answer as Promise<Saved<P>>;

/**
 * One operator rule list as the screens use it: its calls, its id field and its nouns. The three lists have the same
 * calls (list, create, update, toggle, delete, test) on different paths and shapes.
 */
export interface PatternKind<P extends PatternBase, W, R> {
  /** Every page of the list sits under this query key. */
  key: readonly string[];
  /** "SMTP pattern", for dialog titles and labels. */
  noun: string;
  /** The spec's id field: spid, dpid or spcid. */
  idField: string;
  idOf: (pattern: P) => number;
  list: (query: PageState, enabled: EnabledFilter, signal: AbortSignal) => Promise<ListPage<P>>;
  create: (body: W) => Promise<Saved<P>>;
  update: (id: number, body: W) => Promise<Saved<P>>;
  toggle: (id: number, enabled: boolean) => Promise<Saved<P>>;
  remove: (id: number) => Promise<{ message: string }>;
  test: (body: PatternTestRequest) => Promise<R>;
}

const enabledQuery = (enabled: EnabledFilter) => (enabled === 'all' ? undefined : enabled);

const smtp = smtpPatternsEndpoints;
export type SmtpTestResult = ResponseOf<typeof smtp.test>;
export const SMTP_KIND: PatternKind<SmtpPattern, SmtpPatternCreate, SmtpTestResult> = {
  key: ['smtp-patterns'],
  noun: 'SMTP pattern',
  idField: 'spid',
  idOf: (p) => p.spid,
  list: (query, enabled, signal) => api(smtp.list, { query: { ...query, enabled: enabledQuery(enabled) }, signal }),
  create: (body) => asSaved<SmtpPattern>(api(smtp.create, { body })),
  update: (id, body) => asSaved<SmtpPattern>(api(smtp.update, { params: { id }, body })),
  toggle: (id, enabled) => asSaved<SmtpPattern>(api(smtp.toggle, { params: { id }, body: { enabled } })),
  remove: (id) => api(smtp.remove, { params: { id } }),
  test: (body) => api(smtp.test, { body }),
};

const dsn = dsnPatternsEndpoints;
export type DsnTestResult = ResponseOf<typeof dsn.test>;
export const DSN_KIND: PatternKind<DsnPattern, DsnPatternCreate, DsnTestResult> = {
  key: ['dsn-patterns'],
  noun: 'DSN pattern',
  idField: 'dpid',
  idOf: (p) => p.dpid,
  list: (query, enabled, signal) => api(dsn.list, { query: { ...query, enabled: enabledQuery(enabled) }, signal }),
  create: (body) => asSaved<DsnPattern>(api(dsn.create, { body })),
  update: (id, body) => asSaved<DsnPattern>(api(dsn.update, { params: { id }, body })),
  toggle: (id, enabled) => asSaved<DsnPattern>(api(dsn.toggle, { params: { id }, body: { enabled } })),
  remove: (id) => api(dsn.remove, { params: { id } }),
  test: (body) => api(dsn.test, { body }),
};

const category = bounceCategoryPatternsEndpoints;
export type CategoryTestResult = ResponseOf<typeof category.test>;
export const CATEGORY_KIND: PatternKind<BounceCategoryPattern, BounceCategoryPatternCreate, CategoryTestResult> = {
  key: ['bounce-category-patterns'],
  noun: 'Bounce-category pattern',
  idField: 'spcid',
  idOf: (p) => p.spcid,
  list: (query, enabled, signal) => api(category.list, { query: { ...query, enabled: enabledQuery(enabled) }, signal }),
  create: (body) => asSaved<BounceCategoryPattern>(api(category.create, { body })),
  update: (id, body) => asSaved<BounceCategoryPattern>(api(category.update, { params: { id }, body })),
  toggle: (id, enabled) => asSaved<BounceCategoryPattern>(api(category.toggle, { params: { id }, body: { enabled } })),
  remove: (id) => api(category.remove, { params: { id } }),
  test: (body) => api(category.test, { body }),
};
