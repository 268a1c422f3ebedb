import type { RE2JS } from 're2js';
import { compileSafeRegex, PatternSyntaxError } from './safe-regex.ts';

/**
 * Operator patterns: a regular expression matched case-insensitively, or `/source/flags` for exactly those flags (the
 * syntax patternToRegExp in the contract describes). They run on RE2 (safe-regex.ts), so no pattern can make a
 * remote reply take more than linear time. Compiled once per source: every reply runs through every rule, and the
 * lists change rarely.
 */
const cache = new Map<string, RE2JS | null>();

/** The source and JavaScript-style flags of an operator pattern. */
export function readPatternText(text: string): { source: string; flags: string } {
  const end = text.lastIndexOf('/');
  if (text.startsWith('/') && end > 0 && /^[a-z]*$/.test(text.slice(end + 1)))
    return { source: text.slice(1, end), flags: text.slice(end + 1) };
  return { source: text, flags: 'i' };
}

function compileText(text: string): RE2JS {
  const { source, flags } = readPatternText(text);
  return compileSafeRegex(source, flags);
}

export function compilePattern(text: string): RE2JS | null {
  let compiled = cache.get(text);
  if (compiled !== undefined) return compiled;
  try {
    compiled = compileText(text);
  } catch {
    // An invalid pattern never matches; the API refuses to save one, so this only guards hand-edited rows.
    compiled = null;
  }
  if (cache.size > 5000) cache.clear();
  cache.set(text, compiled);
  return compiled;
}

/** Why an operator pattern cannot be saved (the form's field message), or undefined when the engine can run it. */
export function patternProblem(text: string): string | undefined {
  try {
    compileText(text);
    return undefined;
  } catch (error) {
    if (error instanceof PatternSyntaxError) return error.message;
    throw error;
  }
}
