import type { BounceCategory } from '@mailwright/contract/constants';
import type { CategoryRule } from './rule-types.ts';

/**
 * A default category rule with the public source of its wording (`from`). `learnedFrom` names the families of the
 * development corpus (file-name prefix, e.g. `lhost-exim`) whose samples suggested a wording that no public source gave
 * us: `npm run bench:bounces` switches those rules off when it scores that family (leave-one-family-out).
 */
export type SourcedCategoryRule = CategoryRule & { from: string; learnedFrom?: readonly string[] };

/** One rule from its alternatives (joined with `|`), so each alternative can sit on its own line. */
export const rule = (
  category: BounceCategory,
  note: string,
  from: string,
  patterns: string[],
  learnedFrom?: string[],
): SourcedCategoryRule => ({
  category,
  note,
  from,
  pattern: patterns.join('|'),
  ...(learnedFrom ? { learnedFrom } : {}),
});
