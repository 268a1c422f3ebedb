import type { RouteAction, RouteExpression, RouteMode } from '@mailwright/contract';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { PatternSyntaxError } from '../classify/safe-regex.ts';
import { type CompiledRoute, compileRoute, judgeRecipient, planRoutes, routeMatches } from './route-match.ts';

let nextId = 1;
function route(expression: RouteExpression, mode: RouteMode = 'accept', actions: RouteAction[] = []): CompiledRoute {
  return compileRoute({ id: nextId++, priority: 0, expression, actions, mode });
}
const recipient = (pattern: string) => ({ type: 'match_recipient' as const, pattern });
const header = (name: string, pattern: string) => ({ type: 'match_header' as const, header: name, pattern });
const fwd = (address: string): RouteAction => ({ type: 'forward_email', address });
const stop: RouteAction = { type: 'stop' };

describe('routeMatches', () => {
  const subject = [{ name: 'subject', value: 'Your Invoice 42' }];
  it.each([
    [recipient('support@in\\.test'), 'support@in.test', true],
    [recipient('support@in\\.test'), 'SUPPORT@IN.TEST', true],
    // Anchored: a recipient pattern is the whole address, not a piece of it.
    [recipient('bob@in\\.test'), 'jimbob@in.test', false],
    [recipient('.*@in\\.test'), 'anyone@in.test', true],
    [recipient('^chris\\+.*@in\\.test$'), 'chris+tag@in.test', true],
    [header('Subject', 'invoice'), 'x@in.test', true],
    [header('subject', '^invoice'), 'x@in.test', false],
    [header('X-Other', '.*'), 'x@in.test', false],
    [{ type: 'catch_all' as const }, 'x@in.test', true],
  ])('%j on %s: %s', (expression, address, expected) => {
    expect(routeMatches(route(expression), address, subject)).toBe(expected);
  });

  it('a header route is undecided while the headers are not known (at RCPT)', () => {
    expect(routeMatches(route(header('Subject', 'x')), 'a@b.test', undefined)).toBeUndefined();
  });
});

describe('judgeRecipient (RCPT)', () => {
  it.each([
    ['no routes', [], 'no_match'],
    ['no route matches', [route(recipient('a@x\\.test'))], 'no_match'],
    ['an accepting route matches', [route(recipient('a@x\\.test'))], 'accept', 'a@x.test'],
    [
      'a reject route matches first',
      [route(recipient('a@x\\.test'), 'reject'), route({ type: 'catch_all' })],
      'reject',
      'a@x.test',
    ],
    ['a hold route matches', [route({ type: 'catch_all' }, 'hold')], 'accept'],
    ['a bounce route matches (accepted, bounced later)', [route({ type: 'catch_all' }, 'bounce')], 'accept'],
    // A header route before the reject may still take the message once it is read.
    [
      'a header route before a reject',
      [route(header('Subject', 'x')), route({ type: 'catch_all' }, 'reject')],
      'accept',
    ],
    ['only a header route', [route(header('Subject', 'x'))], 'accept'],
  ] as [string, CompiledRoute[], string, string?][])('%s: %s', (_name, routes, expected, address = 'b@x.test') => {
    expect(judgeRecipient(routes, address)).toBe(expected);
  });
});

describe('planRoutes (after DATA)', () => {
  const headers = [{ name: 'Subject', value: 'hello' }];
  it('runs every matching accepting route in priority order until stop()', () => {
    const plan = planRoutes(
      [
        route(recipient('a@x\\.test'), 'accept', [fwd('one@d.test')]),
        route({ type: 'catch_all' }, 'accept', [fwd('two@d.test'), stop, fwd('never@d.test')]),
        route({ type: 'catch_all' }, 'accept', [fwd('three@d.test')]),
      ],
      'a@x.test',
      headers,
    );
    expect(plan.outcome).toBe('accept');
    expect(plan.actions).toEqual([fwd('one@d.test'), fwd('two@d.test')]);
    expect(plan.routes).toHaveLength(2);
  });

  it('the first match decides the mode: hold, bounce and reject end there; later non-accepting routes are skipped', () => {
    expect(planRoutes([route({ type: 'catch_all' }, 'hold', [fwd('x@d.test')])], 'a@x.test', headers)).toMatchObject({
      outcome: 'hold',
      actions: [],
    });
    const accepted = planRoutes(
      [route({ type: 'catch_all' }, 'accept', [fwd('x@d.test')]), route({ type: 'catch_all' }, 'reject')],
      'a@x.test',
      headers,
    );
    expect(accepted.outcome).toBe('accept');
    expect(accepted.routes).toHaveLength(1);
    expect(planRoutes([route(header('Subject', 'spam'), 'reject')], 'a@x.test', headers).outcome).toBe('no_match');
  });
});

describe('patterns run on RE2 (linear time), never on a backtracking engine', () => {
  it('refuses what RE2 cannot run when compiled (the service turns it into a 400 field error)', () => {
    for (const pattern of ['(a)\\1', '(?<n>a)\\k<n>', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b', '(']) {
      expect(() => route(recipient(pattern)), pattern).toThrow(PatternSyntaxError);
    }
  });

  // Regular expressions from a small grammar, nested quantifiers included (the shapes that backtrack: (a+)+, (a|a)*).
  const atom = fc.constantFrom('a', 'b', '.', '[ab]', '\\.', '@', 'x');
  const regex: fc.Arbitrary<string> = fc.letrec<{ re: string }>((tie) => ({
    re: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      atom,
      fc.tuple(tie('re'), tie('re')).map(([a, b]) => `${a}${b}`),
      fc.tuple(tie('re'), tie('re')).map(([a, b]) => `(${a}|${b})`),
      fc.tuple(tie('re'), fc.constantFrom('*', '+', '?', '{1,3}')).map(([a, q]) => `(${a})${q}`),
    ),
  })).re;

  it('every pattern compiles to an RE2JS automaton that agrees with JavaScript on what matches', () => {
    fc.assert(
      fc.property(
        regex,
        fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', 'x'), maxLength: 12 }),
        (source, text) => {
          const compiled = route(header('Subject', source));
          expect(compiled.regex).toBeInstanceOf(RE2JS);
          const expected = new RegExp(source, 'i').test(text);
          expect(routeMatches(compiled, 'r@x.test', [{ name: 'subject', value: text }])).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a classic catastrophic pattern answers on a long hostile text (a backtracking engine would not return)', () => {
    const evil = route(recipient('(a+)+$'));
    expect(evil.regex).toBeInstanceOf(RE2JS);
    expect(routeMatches(evil, `${'a'.repeat(50_000)}!`, [])).toBe(false);
  });
});
