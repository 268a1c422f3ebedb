import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { matchCategoryRule } from './classify.ts';
import { BROAD_RULES, DEFAULT_CATEGORY_RULES, DEFAULT_DSN_RULES, DEFAULT_SMTP_RULES } from './default-rules.ts';
import { matchDsnRule } from './dsn-rules.ts';
import { compilePattern, patternProblem, readPatternText } from './patterns.ts';
import { compileSafeRegex } from './safe-regex.ts';
import { decideSmtpAction } from './smtp-action.ts';

/**
 * Issue 10 item 6: operator patterns (SMTP, DSN, bounce-category) run on RE2, an automaton that cannot backtrack, so
 * their matching time is linear in the text by construction. Checked here: every pattern compiles to an RE2JS program
 * (never a RegExp), the shipped defaults all compile on it, and RE2 answers as JavaScript's RegExp (the reference) on
 * generated texts.
 */
const SHIPPED = [...DEFAULT_SMTP_RULES, ...DEFAULT_DSN_RULES, ...DEFAULT_CATEGORY_RULES, ...BROAD_RULES].map(
  (rule) => rule.pattern,
);

function referenceRegExp(text: string): RegExp {
  const { source, flags } = readPatternText(text);
  return new RegExp(source, flags);
}

/** Texts built from a pattern's own words (so that some match) and from noise; no CR or U+2028/9 (see safe-regex). */
function textsFor(pattern: string) {
  const words = pattern.split(/[^A-Za-z0-9 .;:'@-]+/).filter((w) => w.length > 0);
  const word = words.length ? fc.constantFrom(...words) : fc.constant('x');
  const noise = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '5', '.', ';', '-', '\n', '<', '>', '[', '4') });
  return fc
    .array(fc.oneof(word, noise, fc.constantFrom('550 ', '5.1.1; ', '421 4.7.0 ')), { maxLength: 6 })
    .map((parts) => parts.join(' '));
}

describe('issue 10 item 6: operator patterns run on RE2 (linear time by construction)', () => {
  it('every shipped default pattern compiles on RE2, and the rule matchers use that program', () => {
    expect(SHIPPED.length).toBeGreaterThan(30);
    for (const pattern of SHIPPED) {
      expect(patternProblem(pattern), pattern).toBeUndefined();
      expect(compilePattern(pattern), pattern).toBeInstanceOf(RE2JS);
    }
  });

  it('RE2 answers as the RegExp reference for every shipped pattern on generated texts', () => {
    for (const pattern of SHIPPED) {
      const engine = compilePattern(pattern) as RE2JS;
      const reference = referenceRegExp(pattern);
      fc.assert(
        fc.property(textsFor(pattern), (text) => {
          expect(engine.test(text), `${pattern} on ${JSON.stringify(text)}`).toBe(reference.test(text));
        }),
        { numRuns: 150 },
      );
    }
  });

  it('RE2 answers as the RegExp reference for generated patterns (classes, alternations, bounded repeats, flags)', () => {
    const atom = fc.constantFrom('a', 'b', '.', '\\d', '\\w', '\\s', '[ab]', '[^a]', '(a|b)', '(?:ab)', 'x');
    const quantifier = fc.constantFrom('', '', '*', '+', '?', '{0,3}', '{2}', '*?');
    const piece = fc.oneof(
      fc.tuple(atom, quantifier).map(([a, q]) => a + q),
      fc.constantFrom('\\b', '\\B', '|'),
    );
    const regex = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
    const anchored = fc.tuple(fc.constantFrom('', '^'), regex, fc.constantFrom('', '$')).map((p) => p.join(''));
    const flags = fc.constantFrom('', 'i', 'm', 's', 'im');
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'x', '1', ' ', '\n', '_'), maxLength: 16 });
    fc.assert(
      fc.property(anchored, flags, text, (source, flag, input) => {
        expect(compileSafeRegex(source, flag).test(input)).toBe(new RegExp(source, flag).test(input));
      }),
      { numRuns: 4000 },
    );
  });

  it('a catastrophic pattern answers at once in the DSN, SMTP and category matchers', () => {
    const text = `${'a'.repeat(50_000)}!`;
    const pattern = '^(a+)+$';
    expect(matchDsnRule(text, [{ pattern, status: '5.1.1', action: 'failed' }])).toBeUndefined();
    expect(decideSmtpAction({ code: 550, text }, [{ pattern: '(a|aa)+$', action: 'backoff' }]).action).toBe('bounce');
    expect(matchCategoryRule(text, [{ pattern: '(.*a){20}!x', category: 'other' }])).toBeUndefined();
    expect(matchCategoryRule(text, [{ pattern: '/^(A+)+!$/i', category: 'other' }])?.category).toBe('other');
  });

  it('refuses what RE2 cannot express, with a message for the form', () => {
    expect(patternProblem('(user) unknown \\1')).toMatch(/^Backreferences .* linear-time engine \(RE2\)$/);
    expect(patternProblem('(?<n>x)\\k<n>')).toMatch(/^Backreferences/);
    for (const lookaround of ['foo(?=bar)', 'foo(?!bar)', '(?<=5\\.1\\.1)x', '(?<!4)50']) {
      expect(patternProblem(lookaround), lookaround).toMatch(/^Lookahead and lookbehind/);
    }
    expect(patternProblem('(unclosed')).toMatch(/^Not a valid regular expression: missing closing \)/);
    expect(patternProblem('/x/q')).toBe('Unknown regular expression flag "q"');
    // Escaped look-alikes and classes are fine: only real constructs are refused.
    for (const fine of ['\\(?=x\\)', '[(?=]', '\\\\1', '\\u00e9t\\u00e9', '(?<name>a)b', '/a.b/s']) {
      expect(patternProblem(fine), fine).toBeUndefined();
    }
  });
});
