import { patternToRegExp } from '@mailwright/contract/patterns';

/**
 * Operator patterns (see patternToRegExp in the contract for their syntax), compiled once per source: every reply runs
 * through every rule, and the lists change rarely.
 */
const cache = new Map<string, RegExp | null>();

export function compilePattern(source: string): RegExp | null {
  let compiled = cache.get(source);
  if (compiled !== undefined) return compiled;
  try {
    compiled = patternToRegExp(source);
  } catch {
    // An invalid pattern never matches; the API refuses to save one, so this only guards hand-edited rows.
    compiled = null;
  }
  if (cache.size > 5000) cache.clear();
  cache.set(source, compiled);
  return compiled;
}
