import type { BounceCategory } from '@mailwright/contract/constants';
import { DEFAULT_CATEGORY_RULES } from './default-rules.ts';
import { compilePattern } from './patterns.ts';
import { categoryFromStatus, codeFromText, statusFromText } from './status-codes.ts';

/** A remote reply (or a DSN's Status + Diagnostic-Code) to classify. */
export type BounceReply = {
  code?: number;
  status?: string;
  text: string;
  /** A DSN's action: "failed" means the reporting MTA gave up for good, even when it names no code. */
  action?: string;
};

/** A bounce-category pattern: the first enabled rule (by position) whose pattern matches the text decides. */
export type CategoryRule = {
  id?: number;
  pattern: string;
  category: BounceCategory;
  /** Overrides the hard/soft decision when set (null/undefined: decided from the category and the reply class). */
  hard?: boolean | null;
  note?: string;
  enabled?: boolean;
};

export type Classification = {
  category: BounceCategory;
  /**
   * A hard bounce means the ADDRESS is permanently undeliverable (no such mailbox or domain): it feeds suppression.
   * A permanent refusal for any other reason (spam block, policy, content, quota) is a soft bounce: the address
   * itself is fine and a later message may well be delivered.
   */
  hard: boolean;
  /** The reply refuses this message for good (5xx / 5.x.x): stop retrying it, whatever the category. */
  permanent: boolean;
  status?: string;
  /** The text rule that decided the category; absent when the status code or the fallback did. */
  rule?: CategoryRule;
};

/** Categories that say the address (or its domain) does not exist or accepts no mail. */
const ADDRESS_CATEGORIES: ReadonlySet<BounceCategory> = new Set([
  'bad-mailbox',
  'bad-domain',
  'invalid-mailbox',
  'unreachable-mx',
]);

export function classifyBounce(
  reply: BounceReply,
  rules: readonly CategoryRule[] = DEFAULT_CATEGORY_RULES,
): Classification {
  const text = reply.text ?? '';
  const status = validStatus(reply.status) ?? statusFromText(text);
  const code = reply.code ?? codeFromText(text);
  const permanent = isPermanent(code, status) || (code === undefined && !status && reply.action === 'failed');
  const rule = matchCategoryRule(text, rules);
  const category = rule?.category ?? categoryFromStatus(status) ?? 'other';
  const hard = typeof rule?.hard === 'boolean' ? rule.hard : permanent && ADDRESS_CATEGORIES.has(category);
  const result: Classification = { category, hard, permanent };
  if (status) result.status = status;
  if (rule) result.rule = rule;
  return result;
}

export function matchCategoryRule(text: string, rules: readonly CategoryRule[]): CategoryRule | undefined {
  if (!text) return undefined;
  for (const rule of rules) {
    if (rule.enabled === false) continue;
    if (compilePattern(rule.pattern)?.test(text)) return rule;
  }
  return undefined;
}

function validStatus(status: string | undefined): string | undefined {
  return status && /^[245]\.\d{1,3}\.\d{1,3}$/.test(status.trim()) ? status.trim() : undefined;
}

/** RFC 3463 class 5 / RFC 5321 5yz are permanent; a status class wins over the reply code when both are present. */
function isPermanent(code: number | undefined, status: string | undefined): boolean {
  if (status?.startsWith('5.')) return true;
  if (status?.startsWith('4.')) return false;
  return code !== undefined && code >= 500 && code < 600;
}
