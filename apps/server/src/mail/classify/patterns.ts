/**
 * Operator patterns are regular expressions written as `text` or `/text/flags`; they match case-insensitively unless
 * written with explicit flags. Each source is compiled once and cached, since every reply runs through every rule.
 */
const cache = new Map<string, RegExp | null>();

export function compilePattern(source: string): RegExp | null {
  let compiled = cache.get(source);
  if (compiled !== undefined) return compiled;
  compiled = tryCompile(source);
  if (cache.size > 5000) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

/** The reason a pattern does not compile, or undefined when it does (for form validation). */
export function patternError(source: string): string | undefined {
  try {
    build(source);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function tryCompile(source: string): RegExp | null {
  try {
    return build(source);
  } catch {
    // An invalid pattern never matches; the API refuses to save one, so this only guards hand-edited rows.
    return null;
  }
}

function build(source: string): RegExp {
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(source);
  if (literal) {
    const flags = (literal[2] ?? '').replace(/[gy]/g, '');
    return new RegExp(literal[1] ?? '', flags);
  }
  return new RegExp(source, 'i');
}
