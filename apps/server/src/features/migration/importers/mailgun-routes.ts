import { type RouteAction, type RouteExpression, routeInput } from '@mailwright/contract';
import type { ImportedRoute } from './importer.types.ts';

/** A Mailgun route as GET /v3/routes lists it. */
export interface MailgunRoute {
  id: string;
  priority: number;
  description: string;
  expression: string;
  actions: string[];
}

// Mailgun's filter language: one of these three calls, optionally joined with `and` (which ours has no form of).
const RECIPIENT = /^match_recipient\(\s*"((?:[^"\\]|\\.)*)"\s*\)$/;
const HEADER = /^match_header\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"\s*\)$/;
const FORWARD = /^forward\(\s*"((?:[^"\\]|\\.)*)"\s*\)$/;
const STORE = /^store\(\s*(?:notify\s*=\s*"((?:[^"\\]|\\.)*)")?\s*\)$/;

// Only an escaped quote is the string's own escape; a backslash before anything else belongs to the regex.
const unquote = (s: string) => s.replace(/\\"/g, '"');

function mapExpression(expression: string): RouteExpression | string {
  const text = expression.trim();
  if (/^catch_all\(\s*\)$/.test(text)) return { type: 'catch_all' };
  const recipient = RECIPIENT.exec(text);
  if (recipient) return { type: 'match_recipient', pattern: unquote(recipient[1] ?? '') };
  const header = HEADER.exec(text);
  if (header) return { type: 'match_header', header: unquote(header[1] ?? ''), pattern: unquote(header[2] ?? '') };
  if (/\)\s+and\s+/i.test(text)) return 'Expressions joined with "and" have no equivalent here';
  return `The expression ${text.slice(0, 80)} is not match_recipient, match_header or catch_all`;
}

function mapAction(action: string): RouteAction | string {
  const text = action.trim();
  if (/^stop\(\s*\)$/.test(text)) return { type: 'stop' };
  const forward = FORWARD.exec(text);
  if (forward) {
    const target = unquote(forward[1] ?? '');
    return /^https?:\/\//i.test(target)
      ? { type: 'forward_url', url: target }
      : { type: 'forward_email', address: target };
  }
  const store = STORE.exec(text);
  if (store) return store[1] ? { type: 'store', days: 3, notify_url: unquote(store[1]) } : { type: 'store', days: 3 };
  return `The action ${text.slice(0, 80)} has no equivalent here`;
}

/** Maps a Mailgun route to our inbound route, or says why it cannot come over. */
export function mapMailgunRoute(route: MailgunRoute): ImportedRoute {
  const item = `${route.expression} → ${route.actions.join(', ')}`.slice(0, 300);
  const expression = mapExpression(route.expression);
  if (typeof expression === 'string') return { item, reason: expression };
  const actions: RouteAction[] = [];
  for (const raw of route.actions) {
    const action = mapAction(raw);
    if (typeof action === 'string') return { item, reason: action };
    actions.push(action);
  }
  const parsed = routeInput.safeParse({
    priority: Math.max(0, Math.min(32_767, route.priority)),
    description: (route.description || `Mailgun route ${route.id}`).slice(0, 500),
    expression,
    actions,
  });
  if (!parsed.success) return { item, reason: parsed.error.issues[0]?.message ?? 'Does not map to an inbound route' };
  return { item, input: parsed.data };
}
