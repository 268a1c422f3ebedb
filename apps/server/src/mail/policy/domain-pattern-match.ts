/**
 * Domain patterns are wildcards, not regular expressions: customers write them. `*` is any run of characters, `?` one
 * character, case-insensitive. With an @ the pattern is matched against the whole address, without one against the
 * address's domain.
 *
 * They are matched by the greedy two-pointer wildcard algorithm, not by a RegExp: translated to `.*` a pattern such as
 * `*a*a*a*a*a*a*a*a*!` made V8's backtracking engine try every way of splitting a 45-character address (seconds for
 * one check, with the whole process blocked). Here only the latest `*` is ever revisited, and the place it resumes
 * from only moves forward, so one match takes at most (n + 1)·(m + 2) steps for an n-character subject and an
 * m-character pattern, whatever both contain.
 */
export function globMatch(pattern: string, subject: string, steps?: { count: number }): boolean {
  let p = 0;
  let s = 0;
  /** Position of the latest `*` in the pattern (-1: none yet), and where in the subject its run ends for now. */
  let star = -1;
  let resume = 0;
  while (s < subject.length) {
    if (steps) steps.count++;
    const c = pattern[p];
    if (c === '*') {
      star = p++;
      resume = s;
    } else if (p < pattern.length && (c === '?' || c === subject[s])) {
      p++;
      s++;
    } else if (star >= 0) {
      // Let the latest * swallow one more character and try the rest of the pattern again from there.
      p = star + 1;
      s = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

export function matchesDomainPattern(pattern: string, address: string): boolean {
  const lower = address.toLowerCase();
  const subject = pattern.includes('@') ? lower : lower.slice(lower.lastIndexOf('@') + 1);
  return globMatch(pattern.toLowerCase(), subject);
}

/** The first pattern that matches the address, or undefined. */
export function firstMatchingPattern<T extends { pattern: string }>(patterns: readonly T[], address: string) {
  return patterns.find((p) => matchesDomainPattern(p.pattern, address));
}
