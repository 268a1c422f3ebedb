import type { RouteAction, RouteExpression, RouteMode } from '@mailwright/contract';
import type { RE2JS } from 're2js';
import { compileSafeRegex } from '../classify/safe-regex.ts';
import { decodeEncodedWords, type HeaderField } from '../message/headers.ts';

/** A route as the matcher needs it: enabled routes only, already in the order they are tried. */
export interface RouteRule {
  id: number;
  priority: number;
  expression: RouteExpression;
  actions: RouteAction[];
  mode: RouteMode;
}

export interface CompiledRoute extends RouteRule {
  /** Null for catch_all. */
  regex: RE2JS | null;
}

/** A header field of the incoming message, its value unfolded and RFC 2047-decoded. */
export interface MatchHeader {
  name: string;
  value: string;
}

/** A message's header fields as match_header sees them: unfolded, trimmed, RFC 2047-decoded. */
export function toMatchHeaders(fields: readonly HeaderField[]): MatchHeader[] {
  return fields.map((h) => ({
    name: h.key,
    value: decodeEncodedWords(
      h.line
        .slice(h.line.indexOf(':') + 1)
        .replace(/\r\n[ \t]/g, ' ')
        .trim(),
    ),
  }));
}

/**
 * Compiles a route's pattern on RE2 (safe-regex.ts): matching time is linear in the text whatever the pattern, so a
 * customer's `(a+)+$` cannot stall the MX. Case-insensitive, like addresses and header names. Throws
 * PatternSyntaxError for what RE2 cannot run (backreferences, lookaround): the service refuses it at save.
 */
export function compileRoute(rule: RouteRule): CompiledRoute {
  const { expression } = rule;
  return { ...rule, regex: expression.type === 'catch_all' ? null : compileSafeRegex(expression.pattern, 'i') };
}

/**
 * Whether a route matches. match_recipient: the whole address (an anchored match, so `bob@x\.test` is not also
 * `jimbob@x.test`); match_header: a match anywhere in some value of that field. `headers` undefined: not known yet
 * (at RCPT), and a header route answers undefined.
 */
export function routeMatches(
  route: CompiledRoute,
  recipient: string,
  headers: readonly MatchHeader[] | undefined,
): boolean | undefined {
  const { expression, regex } = route;
  if (expression.type === 'catch_all' || !regex) return true;
  if (expression.type === 'match_recipient') return regex.matches(recipient);
  if (!headers) return undefined;
  const name = expression.header.toLowerCase();
  return headers.some((h) => h.name.toLowerCase() === name && regex.matcher(h.value).find());
}

export type RcptVerdict = 'accept' | 'reject' | 'no_match';

/**
 * The answer at RCPT, when only the recipient is known. The first route that matches decides the mode; a header
 * route before it might match once the message is read, so only a reject with no header route in front is final.
 */
export function judgeRecipient(routes: readonly CompiledRoute[], recipient: string): RcptVerdict {
  let undecided = false;
  for (const route of routes) {
    const matched = routeMatches(route, recipient, undefined);
    if (matched === undefined) {
      undecided = true;
    } else if (matched) {
      return route.mode === 'reject' && !undecided ? 'reject' : 'accept';
    }
  }
  return undecided ? 'accept' : 'no_match';
}

export interface RoutePlan {
  outcome: RouteMode | 'no_match';
  /** The routes that run, in order: the first match, then (in accept mode) later accepting matches until stop(). */
  routes: CompiledRoute[];
  /** The actions to run, in order; stop() itself is not listed. */
  actions: RouteAction[];
}

/**
 * What the message does for one recipient (Mailgun's rule: every matching route runs, in priority order, until one
 * says stop()). The first matching route's mode decides: hold, bounce and reject end there; accept runs its actions
 * and those of the later accepting routes that match.
 */
export function planRoutes(routes: readonly CompiledRoute[], recipient: string, headers: readonly MatchHeader[]) {
  const plan: RoutePlan = { outcome: 'no_match', routes: [], actions: [] };
  for (const route of routes) {
    if (!routeMatches(route, recipient, headers)) continue;
    if (plan.outcome === 'no_match') {
      plan.outcome = route.mode;
      plan.routes.push(route);
      if (route.mode !== 'accept') return plan;
    } else if (route.mode === 'accept') {
      plan.routes.push(route);
    } else {
      continue;
    }
    for (const action of route.actions) {
      if (action.type === 'stop') return plan;
      plan.actions.push(action);
    }
  }
  return plan;
}
