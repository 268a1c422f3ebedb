import {
  type BounceCategoryPattern,
  bounceCategoryPatternCreate,
  type DsnPattern,
  dsnPatternCreate,
  type SmtpPattern,
  smtpPatternCreate,
} from '@mailwright/contract';
import { z } from 'zod';

/**
 * The rule forms validate with the contract's create schemas. Text fields hand over strings, so an empty optional
 * number field means "left out": no position appends the rule at the end (or keeps its place on an edit), no backoff
 * minutes means none.
 */
const blankAs = <T, S extends z.ZodType>(value: T, schema: S) =>
  z.union([z.literal('').transform((): T => value), schema]);

const position = blankAs(undefined, smtpPatternCreate.shape.position);

export const smtpPatternForm = smtpPatternCreate.safeExtend({
  position,
  backoff_minutes: blankAs(null, smtpPatternCreate.shape.backoff_minutes),
});

export const dsnPatternForm = dsnPatternCreate.extend({ position });

/** Hard or soft: 'auto' (null) lets the category and the reply class decide. */
export const HARDNESS = ['auto', 'hard', 'soft'] as const;
export type Hardness = (typeof HARDNESS)[number];

export function hardnessOf(hard: boolean | null): Hardness {
  return hard === null ? 'auto' : hard ? 'hard' : 'soft';
}

export const categoryPatternForm = bounceCategoryPatternCreate.extend({
  position,
  hard: z.enum(HARDNESS).transform((value) => (value === 'auto' ? null : value === 'hard')),
});

/** The values a form opens with: the rule's own for an edit, a new enabled rule at the end for a create. */
export function smtpFormValues(rule: SmtpPattern | null) {
  return {
    pattern: rule?.pattern ?? '',
    note: rule?.note ?? '',
    enabled: rule?.enabled ?? true,
    position: rule ? String(rule.position) : '',
    action: rule?.action ?? ('bounce' as const),
    backoff_minutes: rule?.backoff_minutes == null ? '' : String(rule.backoff_minutes),
  };
}

export function dsnFormValues(rule: DsnPattern | null) {
  return {
    pattern: rule?.pattern ?? '',
    note: rule?.note ?? '',
    enabled: rule?.enabled ?? true,
    position: rule ? String(rule.position) : '',
    status: rule?.status ?? '',
    action: rule?.action ?? ('failed' as const),
  };
}

export function categoryFormValues(rule: BounceCategoryPattern | null) {
  return {
    pattern: rule?.pattern ?? '',
    note: rule?.note ?? '',
    enabled: rule?.enabled ?? true,
    position: rule ? String(rule.position) : '',
    category: rule?.category ?? ('bad-mailbox' as const),
    hard: hardnessOf(rule?.hard ?? null),
  };
}
