import { RE2JS } from 're2js';

/**
 * The one way a regular expression written by an operator (SMTP, DSN and bounce-category patterns) is compiled: on
 * RE2 (re2js, pure JavaScript), an automaton engine whose matching time is linear in the text, whatever the pattern.
 * A backtracking engine (JavaScript's own RegExp) can be made to run for ever by a pattern such as `(a+)+$` on a
 * remote server's reply; RE2 cannot, by construction. What RE2 cannot express (backreferences, lookaround) is refused
 * when the pattern is saved.
 *
 * Patterns are written in JavaScript syntax; RE2 reads the same syntax except for these points, which are translated
 * (\uXXXX, \u{X}, \cX, [^], (?<name>…)) or refused (backreferences, lookahead, lookbehind). One difference stays: `.`
 * matches \r (JavaScript's does not); the engine matches replies with their line ends folded to spaces.
 */
export class PatternSyntaxError extends Error {}

/** Why RE2 cannot run this JavaScript-syntax source, for the constructs it lacks; undefined when none is used. */
function unsupportedConstruct(source: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && source[i + 2] === '<')))
        return 'Backreferences (\\1, \\k<name>) are not supported: patterns run on a linear-time engine (RE2)';
      i++;
    } else if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '[') {
      inClass = true;
    } else if (ch === '(' && /^\(\?(=|!|<=|<!)/.test(source.slice(i, i + 4))) {
      return 'Lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) are not supported: patterns run on a linear-time engine (RE2)';
    }
  }
  return undefined;
}

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  // RE2 always matches code points, and has no state between matches: these JavaScript flags change nothing here.
  u: 0,
  v: 0,
  g: 0,
  y: 0,
  d: 0,
};

/**
 * Compiles `source` (JavaScript syntax) with JavaScript-style `flags` (i, m, s; g, y, d, u, v accepted and ignored)
 * on RE2. Throws PatternSyntaxError, with a message fit for the operator's form, when RE2 cannot run it.
 */
export function compileSafeRegex(source: string, flags = ''): RE2JS {
  let bits = 0;
  for (const flag of flags) {
    const bit = FLAG_BITS[flag];
    if (bit === undefined) throw new PatternSyntaxError(`Unknown regular expression flag "${flag}"`);
    bits |= bit;
  }
  const unsupported = unsupportedConstruct(source);
  if (unsupported) throw new PatternSyntaxError(unsupported);
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    throw new PatternSyntaxError(`Not a valid regular expression: ${reason}`);
  }
}
