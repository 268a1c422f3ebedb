/**
 * Leave-one-family-out for hand-written bounce-category rules (used by bench/bounces.ts).
 *
 * A family is the sending MTA or receiver a corpus file comes from: its file name without the number
 * (`lhost-exim-03.eml` -> `lhost-exim`), with the families of one operator taken together (see OPERATORS). Hand-written rules cannot be re-learned without a family, so two honest
 * stand-ins for "rules written without it" are measured:
 *
 * - tagged: every rule whose `learnedFrom` names only the held-out family is switched off (the rules that no public
 *   source gave us and that only that family's samples suggested);
 * - strict: every alternative of every rule (a top-level `|` branch) that, in the whole development half, matches
 *   only the held-out family's replies is switched off, whatever its tag says. This needs no trust in the tags, and
 *   is pessimistic: a branch written from a public error page that happens to occur in one family only is dropped too.
 */

import type { SourcedCategoryRule } from '../apps/server/src/mail/classify/category-rules.ts';
import { ruleSubject } from '../apps/server/src/mail/classify/classify.ts';
import type { InboundReport } from '../apps/server/src/mail/classify/inbound-report.ts';
import { compilePattern } from '../apps/server/src/mail/classify/patterns.ts';
import { statusFromText } from '../apps/server/src/mail/classify/status-codes.ts';

/**
 * Sample families run by the same operator share its wordings (Gmail's replies also come back through Google Groups and
 * Workspace, Yahoo runs AOL's mail, Exchange Online writes Exchange's NDRs), so leaving out one of them alone would
 * leave its twin in: they are left out together.
 */
const OPERATORS: Record<string, readonly string[]> = {
  google: ['lhost-gmail', 'lhost-googlegroups', 'lhost-googleworkspace', 'rhost-google', 'rhost-gsuite'],
  microsoft: [
    'lhost-office365',
    'lhost-outlook',
    'lhost-exchange2003',
    'lhost-exchange2007',
    'rhost-microsoft',
    'rhost-outlook',
  ],
  yahoo: ['lhost-yahoo', 'rhost-yahooinc', 'rhost-aol'],
  amazon: ['lhost-amazonses', 'lhost-amazonworkmail', 'lhost-receivingses'],
  zoho: ['lhost-zoho', 'rhost-zoho'],
  kddi: ['lhost-ezweb', 'rhost-kddi'],
  sendmail: ['lhost-sendmail', 'lhost-v5sendmail'],
};
const OPERATOR_OF = new Map(Object.entries(OPERATORS).flatMap(([name, prefixes]) => prefixes.map((p) => [p, name])));

/** The family a corpus file (or a `learnedFrom` tag) belongs to: its operator's group, else its file-name prefix. */
export function familyOf(file: string): string {
  const prefix = file.replace(/-\d+\.eml$/, '');
  return OPERATOR_OF.get(prefix) ?? prefix;
}

/** The top-level `|` branches of a pattern (outside groups and character classes). */
export function splitAlternatives(pattern: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(pattern.slice(start));
  return parts;
}

/** The lines the category rules are tested against for each family: `<status>; <diagnostic>` and `<status>; <detail>`. */
export function subjectsByFamily(reports: ReadonlyMap<string, InboundReport>): Map<string, string[]> {
  const subjects = new Map<string, string[]>();
  for (const [file, report] of reports) {
    if (report.kind !== 'bounce') continue;
    const list = subjects.get(familyOf(file)) ?? [];
    for (const recipient of report.recipients) {
      for (const text of [recipient.diagnostic, recipient.detail ?? '']) {
        if (text.trim()) list.push(ruleSubject(recipient.status ?? statusFromText(text), text));
      }
    }
    subjects.set(familyOf(file), list);
  }
  return subjects;
}

/** For each alternative (by its source text), the families whose replies it matches. */
export function alternativeSupport(
  rules: readonly SourcedCategoryRule[],
  subjects: ReadonlyMap<string, string[]>,
): Map<string, Set<string>> {
  const support = new Map<string, Set<string>>();
  for (const rule of rules) {
    for (const alternative of splitAlternatives(rule.pattern)) {
      if (support.has(alternative)) continue;
      const regex = compilePattern(alternative);
      const families = new Set<string>();
      for (const [family, lines] of subjects) if (lines.some((line) => regex?.test(line))) families.add(family);
      support.set(alternative, families);
    }
  }
  return support;
}

export function withoutTagged(rules: readonly SourcedCategoryRule[], family: string): SourcedCategoryRule[] {
  return rules.filter((rule) => !(rule.learnedFrom?.length && rule.learnedFrom.every((f) => familyOf(f) === family)));
}

export function withoutSingleFamilyAlternatives(
  rules: readonly SourcedCategoryRule[],
  family: string,
  support: ReadonlyMap<string, Set<string>>,
): SourcedCategoryRule[] {
  const kept: SourcedCategoryRule[] = [];
  for (const rule of rules) {
    const alternatives = splitAlternatives(rule.pattern).filter((alternative) => {
      const families = support.get(alternative);
      return !(families?.size === 1 && families.has(family));
    });
    if (alternatives.length > 0) kept.push({ ...rule, pattern: alternatives.join('|') });
  }
  return kept;
}
