/**
 * Domain patterns are wildcards, not regular expressions: customers write them, and a wildcard cannot be made to
 * backtrack for ever on a crafted address. `*` is any run of characters, `?` one character, case-insensitive. With an
 * @ the pattern is matched against the whole address, without one against the address's domain.
 */
const cache = new Map<string, RegExp>();

function compile(pattern: string): RegExp {
  let compiled = cache.get(pattern);
  if (!compiled) {
    const source = pattern
      .toLowerCase()
      .replace(/[.+^${}()|[\]\\/]/g, '\\$&')
      .replace(/\*+/g, '.*')
      .replace(/\?/g, '.');
    compiled = new RegExp(`^${source}$`, 's');
    if (cache.size > 10_000) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}

export function matchesDomainPattern(pattern: string, address: string): boolean {
  const lower = address.toLowerCase();
  const subject = pattern.includes('@') ? lower : lower.slice(lower.lastIndexOf('@') + 1);
  return compile(pattern).test(subject);
}

/** The first pattern that matches the address, or undefined. */
export function firstMatchingPattern<T extends { pattern: string }>(patterns: readonly T[], address: string) {
  return patterns.find((p) => matchesDomainPattern(p.pattern, address));
}
