import type { Db } from '../../db/client.ts';
import type { DsnRule } from './dsn-rules.ts';
import type { CategoryRule, SmtpRule } from './rule-types.ts';

/**
 * The operator's three pattern lists as the engine reads them: delivery (SMTP patterns, bounce categories), the
 * destination backoff and the inbound MX (DSN patterns) classify with them. Engine data, so it is read here; the
 * patterns feature edits the tables and calls forgetCachedPatternRules after each write.
 */
export type PatternRules = { smtp: SmtpRule[]; dsn: DsnRule[]; category: CategoryRule[] };

/** The enabled rules of the three lists, in matching order (position, then id). */
export async function loadPatternRules(db: Db): Promise<PatternRules> {
  const [smtp, dsn, category] = await Promise.all([
    db.query<SmtpRule>(
      'SELECT id, pattern, action, backoff_minutes, note, enabled FROM smtp_patterns WHERE enabled ORDER BY position, id',
    ),
    db.query<DsnRule>(
      'SELECT id, pattern, status, action, note, enabled FROM dsn_patterns WHERE enabled ORDER BY position, id',
    ),
    db.query<CategoryRule>(
      'SELECT id, pattern, category, hard, note, enabled FROM bounce_category_patterns WHERE enabled ORDER BY position, id',
    ),
  ]);
  return { smtp, dsn, category };
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

/** Called by every write to a pattern list, so this process classifies with the edit at once. */
export function forgetCachedPatternRules(): void {
  cached = undefined;
}
