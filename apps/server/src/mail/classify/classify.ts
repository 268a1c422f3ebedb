import type { BounceCategory } from '@mailwright/contract/constants';
import { categoryFromStatus, codeFromText, statusFromText } from './status-codes.ts';

/** A remote reply (or a DSN's Status + Diagnostic-Code) to classify. */
export type BounceReply = { code?: number; status?: string; text: string };

/** A text rule: first enabled match by position wins. `hard` overrides the code-based decision when set. */
export type CategoryRule = {
  id?: number;
  pattern: string;
  category: BounceCategory;
  hard?: boolean | null;
  note?: string;
};

export type Classification = {
  category: BounceCategory;
  hard: boolean;
  /** The text rule that decided the category; absent when the status code or the fallback did. */
  rule?: CategoryRule;
};

/** Categories that describe a temporary state of the recipient or the path, never a permanent failure. */
const ALWAYS_SOFT: ReadonlySet<BounceCategory> = new Set(['quota-issues', 'message-expired']);

export function classifyBounce(reply: BounceReply, rules: readonly CategoryRule[] = []): Classification {
  const text = reply.text ?? '';
  const status = reply.status ?? statusFromText(text);
  const code = reply.code ?? codeFromText(text);
  const category = categoryFromStatus(status) ?? 'other';
  void rules;
  return { category, hard: isHard(code, status, category) };
}

function isHard(code: number | undefined, status: string | undefined, category: BounceCategory): boolean {
  if (ALWAYS_SOFT.has(category)) return false;
  if (status?.startsWith('4.')) return false;
  if (status?.startsWith('5.')) return true;
  if (code !== undefined) return code >= 500;
  return false;
}
