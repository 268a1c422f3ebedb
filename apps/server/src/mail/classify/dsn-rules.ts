import { compilePattern } from './patterns.ts';

/**
 * A DSN pattern: for a bounce that is not an RFC 3464 report (or names no status for a recipient), the first enabled
 * pattern matching the recipient's text supplies the RFC 3463 status and the RFC 3464 action.
 */
export type DsnRule = {
  id?: number;
  pattern: string;
  status: string;
  /** failed | delayed | delivered (RFC 3464 2.3.3). */
  action: string;
  note?: string;
  enabled?: boolean;
};

export function matchDsnRule(text: string, rules: readonly DsnRule[]): DsnRule | undefined {
  for (const rule of rules) {
    if (rule.enabled === false) continue;
    if (compilePattern(rule.pattern)?.test(text)) return rule;
  }
  return undefined;
}
