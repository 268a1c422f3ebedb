import {
  formatRouteAction,
  type InboundPolicyInput,
  type RouteAction,
  type RouteMatchResult,
  type routeMatchInput,
} from '@mailwright/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { decodeEncodedWords, headerValue, splitMessage } from '../../mail/message/headers.ts';
import { compileRoute, type MatchHeader, planRoutes, toMatchHeaders } from '../../mail/routing/route-match.ts';
import { requireDomain } from '../domains/domains.service.ts';
import { policyInput } from './policy.service.ts';
import * as repo from './routes.repo.ts';

type Outcome = RouteMatchResult['outcome'];
type Effect = RouteMatchResult['effects'][number];

const OUTCOME_TEXT: Record<Outcome, string> = {
  accept: 'Accepted: the actions run in order',
  hold: 'Held: the message is kept, nothing is done with it',
  bounce: 'Bounced: accepted, then a delivery status notification goes back to the sender',
  reject: 'Rejected at RCPT with 550',
  no_match: 'No enabled route matches: rejected at RCPT with 550',
};

const UNMATCHED_TEXT: Record<InboundPolicyInput['unmatched'], string> = {
  reject: OUTCOME_TEXT.no_match,
  hold: "No enabled route matches: held by the domain's policy (kept, nothing is done with it)",
  bounce: "No enabled route matches: accepted, then bounced to the sender by the domain's policy",
};

const AUTH_FAILURE_TEXT: Record<InboundPolicyInput['auth_failure'], string> = {
  reject: 'refused at DATA with 550 5.7.1',
  hold: 'held (kept, no route runs)',
  mark: 'routed as usual, marked in its results',
};

interface Context {
  domainName: string;
  bounceHost: string;
  recipient: string;
  sender: string;
}

/** What one action would do, said plainly (nothing is done). */
function actionEffect(action: RouteAction, ctx: Context): string {
  if (action.type === 'forward_email') {
    return (
      `Re-sent to ${action.address} through the outbound pipeline: From becomes "… via ${ctx.recipient}", ` +
      `DKIM-signed by ${ctx.domainName}, envelope sender SRS0=…@${ctx.bounceHost}`
    );
  }
  if (action.type === 'forward_url') {
    return `POSTed to ${action.url} in Mailgun's field names, signed with the account's signing key, retried like webhooks`;
  }
  if (action.type === 'store') {
    const notify = action.notify_url ? `; ${action.notify_url} gets the same POST` : '';
    return `Kept ${action.days} days, listed and downloadable${notify}`;
  }
  return 'No later route runs';
}

function modeEffect(mode: Exclude<Outcome, 'accept'>, unmatched: InboundPolicyInput['unmatched'], ctx: Context) {
  const effective = mode === 'no_match' ? unmatched : mode;
  const action = mode === 'no_match' ? `policy: unmatched ${unmatched}` : `mode: ${mode}`;
  if (effective === 'hold') return { action, effect: 'Kept 3 days, listed as held; nothing is done with it' };
  if (effective === 'bounce') {
    const to = ctx.sender || 'the sender';
    return { action, effect: `A delivery status notification from the null sender goes back to ${to}` };
  }
  return { action, effect: mode === 'no_match' ? 'Refused at RCPT: 550 5.1.1' : 'Refused at RCPT: 550 5.7.1' };
}

const ADDRESS = /[^\s<>,;:"()[\]]+@[^\s<>,;:"()[\]]+/g;

/** A pasted message: its header fields (to match), the first To/Cc address at the domain, sender, size. */
function readPasted(text: string, domainName: string) {
  const raw = Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8');
  const { headers } = splitMessage(raw);
  const values = (name: string) =>
    headers.filter((h) => h.key === name).map((h) => h.line.slice(h.line.indexOf(':') + 1));
  const suffix = `@${domainName}`.toLowerCase();
  const recipient = ['delivered-to', 'to', 'cc']
    .flatMap((name) => values(name).flatMap((v) => v.match(ADDRESS) ?? []))
    .find((address) => address.toLowerCase().endsWith(suffix));
  const from = decodeEncodedWords(headerValue(headers, 'from') ?? '');
  const sender = (headerValue(headers, 'return-path') ?? from).match(ADDRESS)?.[0] ?? '';
  return {
    headers: toMatchHeaders(headers),
    recipient,
    sender,
    pasted: { from, subject: decodeEncodedWords(headerValue(headers, 'subject') ?? ''), size: raw.length },
    headerCount: headers.length,
  };
}

/** The test box: the same matcher and policy the MX runs, on the enabled routes, without running any action. */
export async function matchRoutes(deps: Deps, cid: number, did: number, input: z.output<typeof routeMatchInput>) {
  const domain = await requireDomain(deps, cid, did);
  const rows = (await repo.listRoutes(deps.db, cid, did)).filter((r) => r.enabled);
  const compiled = rows.flatMap((row) => {
    try {
      return [{ ...compileRoute({ ...row }), row }];
    } catch {
      return [];
    }
  });
  const read = input.raw === undefined ? null : readPasted(input.raw, domain.name);
  const recipient = input.recipient ?? read?.recipient;
  if (!recipient) {
    throw fieldError('recipient', `No address at ${domain.name} in the message's To or Cc: enter the recipient`);
  }
  const headers: MatchHeader[] = [...input.headers, ...(read?.headers ?? [])];
  const plan = planRoutes(compiled, recipient, headers);
  const policy = await policyInput(deps, cid, did);
  const ctx = { domainName: domain.name, bounceHost: domain.bounce_host, recipient, sender: read?.sender ?? '' };
  const effects: Effect[] =
    plan.outcome === 'accept'
      ? plan.actions.map((action) => ({ action: formatRouteAction(action), effect: actionEffect(action, ctx) }))
      : [modeEffect(plan.outcome, policy.unmatched, ctx)];
  const required = [policy.require_spf && 'SPF', policy.require_dkim && 'DKIM', policy.require_dmarc && 'DMARC'];
  const names = required.filter(Boolean).join(', ');
  if (names) {
    effects.unshift({
      action: 'policy: authentication',
      effect: `${names} must pass, checked by the MX on the real connection; failing mail is ${AUTH_FAILURE_TEXT[policy.auth_failure]}`,
    });
  }
  let message = plan.outcome === 'no_match' ? UNMATCHED_TEXT[policy.unmatched] : OUTCOME_TEXT[plan.outcome];
  const limit = policy.max_size ?? deps.config.inboundMaxSize;
  if (read && read.pasted.size > limit) {
    message = `Too large: refused at DATA with 552 5.3.4 (${read.pasted.size} bytes, the limit is ${limit})`;
    effects.unshift({
      action: 'policy: size',
      effect: `Refused: 552 5.3.4 Message exceeds the size limit of ${limit} bytes`,
    });
  }
  const byId = new Map(compiled.map((c) => [c.id, c.row]));
  return {
    outcome: plan.outcome,
    routes: plan.routes.map((r) => repo.toRoute(byId.get(r.id) as repo.RouteRow)),
    actions: plan.outcome === 'accept' ? plan.actions.map(formatRouteAction) : [],
    message,
    recipient,
    effects,
    pasted: read ? { ...read.pasted, header_count: read.headerCount } : null,
  };
}
