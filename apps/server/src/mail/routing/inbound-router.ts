import { formatRouteAction } from '@mailwright/contract';
import { LRUCache } from 'lru-cache';
import { IntakeError } from '../intake/intake-error.ts';
import { decodeEncodedWords, type HeaderField, headerValue, splitMessage } from '../message/headers.ts';
import { buildBounce, buildForward, loopReason, mayBounce } from './forward-message.ts';
import { failedChecks, temporaryFailure } from './inbound-auth.ts';
import {
  type CompiledRoute,
  compileRoute,
  judgeRecipient,
  planRoutes,
  type RcptVerdict,
  toMatchHeaders,
} from './route-match.ts';
import {
  DEFAULT_KEEP_DAYS,
  DOMAIN_CACHE_MS,
  type RoutedMail,
  type RoutedResult,
  type RoutedTarget,
  type RouterDeps,
  RoutingLoopError,
  TemporaryAuthError,
} from './routed-mail.ts';
import {
  findBounceHostDomain,
  findRoutedDomain,
  type InboundRecord,
  type RoutedDomain,
  recordInboundMessage,
} from './routing.repo.ts';
import { srsForward, srsReverse } from './srs.ts';
import { buildSrsReturn } from './srs-return.ts';

type Results = InboundRecord['results'];

/**
 * The inbound MX's part for routes (ARCHITECTURE 8): at RCPT, which recipients a verified domain's routes take; after
 * DATA, what each recipient's routes do. Forwards by e-mail go back through our own intake (DKIM-signed by the
 * domain, SRS envelope sender); URL forwards and notifications are queued for the worker role to POST (retried like
 * webhooks); every routed message is recorded with its outcome.
 */
export class InboundRouter {
  private readonly compiled = new Map<number, { version: string; routes: CompiledRoute[] }>();
  /**
   * A domain's routes, looked up once per DOMAIN_CACHE_MS and host rather than at every RCPT (one query less per
   * recipient, which the embedded database runs on this thread): a changed route applies within that time.
   */
  private readonly domains = new LRUCache<string, Promise<{ domain: RoutedDomain | null }>>({
    max: 10_000,
    ttl: DOMAIN_CACHE_MS,
  });
  private readonly deps: RouterDeps;

  constructor(deps: RouterDeps) {
    this.deps = deps;
  }

  /** Null when the address is not at a receiving domain of ours (the caller answers 550). */
  async judge(address: string): Promise<{ verdict: RcptVerdict; target: RoutedTarget } | null> {
    const at = address.lastIndexOf('@');
    if (at <= 0) return null;
    if (/^SRS[01][-+=]/i.test(address)) return this.judgeSrs(address, address.slice(at + 1));
    const host = address.slice(at + 1).toLowerCase();
    let found = this.domains.get(host);
    if (!found) {
      found = findRoutedDomain(this.deps.db, host, this.deps.inboundMxHost).then((domain) => ({ domain }));
      found.catch(() => this.domains.delete(host)); // a failed lookup is asked again by the next recipient
      this.domains.set(host, found);
    }
    const { domain } = await found;
    if (!domain) return null;
    const routes = this.compile(domain);
    const judged = judgeRecipient(routes, address);
    // The domain's policy may take mail no route takes (hold, or bounce after DATA) instead of refusing it at RCPT.
    const verdict = judged === 'no_match' && domain.policy.unmatched !== 'reject' ? 'accept' : judged;
    return { verdict, target: { recipient: address, domain, routes } };
  }

  /** An SRS address of ours (a valid hash, not too old, at a domain's return-path host) takes the forward's bounce. */
  private async judgeSrs(address: string, host: string) {
    const original = srsReverse(this.deps.secret, address);
    const domain = original ? await findBounceHostDomain(this.deps.db, host) : null;
    if (!original || !domain) return null;
    return { verdict: 'accept' as const, target: { recipient: address, domain, routes: [], returnTo: original } };
  }

  /** Compiled once per version of a domain's routes (a changed or switched route makes a new version). */
  private compile(domain: RoutedDomain): CompiledRoute[] {
    const cached = this.compiled.get(domain.domainId);
    if (cached && cached.version === domain.version) return cached.routes;
    const routes: CompiledRoute[] = [];
    for (const rule of domain.routes) {
      try {
        routes.push(compileRoute(rule));
      } catch (error) {
        // Saved before a stricter check: skipped (and said), never run on a backtracking engine.
        this.deps.log.warn({ routeId: rule.id, err: error }, 'inbound route pattern does not compile; skipped');
      }
    }
    this.compiled.set(domain.domainId, { version: domain.version, routes });
    return routes;
  }

  async deliver(mail: RoutedMail): Promise<RoutedResult> {
    // What is stored, posted and forwarded: the received bytes behind our Received-SPF and Authentication-Results
    // fields (RFC 8601 5: added where the message enters our administrative domain).
    const raw = mail.auth ? Buffer.concat([Buffer.from(mail.auth.header, 'latin1'), mail.raw]) : mail.raw;
    const { headers, body } = splitMessage(raw);
    const loop = loopReason(headers);
    if (loop) throw new RoutingLoopError(`Routing loop detected: ${loop}`);
    const { auth } = mail;
    if (auth && mail.targets.some((t) => !t.returnTo && temporaryFailure(t.domain.policy, auth))) {
      throw new TemporaryAuthError('4.7.0 Authentication could not be checked now, try again later');
    }
    const matchHeaders = toMatchHeaders(headers);
    const routed = { ...mail, raw };
    const refused: string[] = [];
    const authRefused: { recipient: string; failed: string[] }[] = [];
    for (const target of mail.targets) {
      if (target.returnTo) {
        await this.returnToSender(mail, target, target.returnTo, splitMessage(mail.raw).headers);
        continue;
      }
      const { policy } = target.domain;
      const failed = auth ? failedChecks(policy, auth) : [];
      const plan = planRoutes(target.routes, target.recipient, matchHeaders);
      const base = {
        customerId: target.domain.customerId,
        domainId: target.domain.domainId,
        routeId: plan.routes[0]?.id ?? null,
        recipient: target.recipient,
        sender: mail.sender,
        fromHeader: decodeEncodedWords(headerValue(headers, 'from') ?? ''),
        subject: decodeEncodedWords(headerValue(headers, 'subject') ?? ''),
        raw,
        auth,
        keepDays: DEFAULT_KEEP_DAYS,
        postUrls: [],
      };
      const failure = `${failed.join(', ')} did not pass (required by the policy)`;
      if (failed.length && policy.authFailure === 'reject') {
        authRefused.push({ recipient: target.recipient, failed });
        continue;
      }
      if (failed.length && policy.authFailure === 'hold') {
        await this.record({ ...base, outcome: 'held', stored: true, results: [{ action: 'policy', result: failure }] });
        continue;
      }
      const marks: Results = failed.length ? [{ action: 'policy', result: `marked: ${failure}` }] : [];
      const outcome = plan.outcome === 'no_match' ? policy.unmatched : plan.outcome;
      const why = plan.outcome === 'no_match' ? [{ action: 'policy', result: `no route matched: ${outcome}` }] : [];
      if (outcome === 'reject') {
        refused.push(target.recipient);
      } else if (outcome === 'hold') {
        await this.record({ ...base, outcome: 'held', stored: true, results: [...marks, ...why] });
      } else if (outcome === 'bounce') {
        const reason = plan.outcome === 'no_match' ? 'no route accepts it' : 'the recipient does not accept mail';
        const result = await this.bounce(routed, target, headers, reason);
        const results = [...marks, ...why, { action: 'bounce()', result }];
        await this.record({ ...base, outcome: 'bounced', stored: false, results });
      } else {
        const done = await this.runActions(routed, target, plan.actions, headers, body);
        await this.record({ ...base, outcome: 'accepted', ...done, results: [...marks, ...done.results] });
      }
    }
    const refusedAll = refused.length + authRefused.length === mail.targets.length;
    // Refused for failing a required check: never bounced (the sender is likely forged; a DSN would be backscatter).
    for (const r of authRefused) this.deps.log.info({ ...r, refusedAll }, 'inbound message refused by policy');
    if (refusedAll && authRefused.length) {
      const failed = [...new Set(authRefused.flatMap((r) => r.failed))].join(', ');
      return { refused: [...refused, ...authRefused.map((r) => r.recipient)], reply: `5.7.1 ${failed} did not pass` };
    }
    // Some recipients taken, others refused by a header route: those get a bounce (one answer per DATA in SMTP).
    if (!refusedAll) {
      for (const recipient of refused) {
        const target = mail.targets.find((t) => t.recipient === recipient) as RoutedTarget;
        await this.bounce(routed, target, headers, 'no route accepts it');
      }
      return { refused: [], reply: null };
    }
    return { refused, reply: refused.length ? '5.7.1 Mail to this address is refused' : null };
  }

  private async runActions(
    mail: RoutedMail,
    target: RoutedTarget,
    actions: ReturnType<typeof planRoutes>['actions'],
    headers: HeaderField[],
    body: Buffer,
  ) {
    const results: Results = [];
    const postUrls: string[] = [];
    const forwardTo: string[] = [];
    let stored = false;
    let keepDays = DEFAULT_KEEP_DAYS;
    for (const action of actions) {
      if (action.type === 'forward_email') {
        if (!forwardTo.some((a) => a.toLowerCase() === action.address.toLowerCase())) forwardTo.push(action.address);
      } else if (action.type === 'forward_url') {
        postUrls.push(action.url);
        results.push({ action: formatRouteAction(action), result: 'queued' });
      } else if (action.type === 'store') {
        stored = true;
        keepDays = Math.max(keepDays, action.days);
        if (action.notify_url) postUrls.push(action.notify_url);
        results.push({ action: formatRouteAction(action), result: `stored for ${action.days} days` });
      }
    }
    if (forwardTo.length) {
      const result = await this.forward(mail, target, forwardTo, headers, body);
      for (const address of forwardTo) results.push({ action: `forward(${JSON.stringify(address)})`, result });
    }
    return { stored, results, postUrls, keepDays };
  }

  /** Re-sent through our own intake: DKIM-signed by the receiving domain, SRS envelope sender at its return path. */
  private async forward(
    mail: RoutedMail,
    target: RoutedTarget,
    to: string[],
    headers: HeaderField[],
    body: Buffer,
  ): Promise<string> {
    const { secret } = this.deps;
    try {
      const raw = buildForward(headers, body, target.recipient);
      const envelopeFrom = srsForward(secret, mail.sender, target.domain.bounceHost);
      const accepted = await this.submit(target, raw, to, envelopeFrom, mail.client);
      return `forwarded as message ${accepted.messageId}`;
    } catch (error) {
      // Refused by intake's policy (suppressed, blocked link, domain no longer verified): recorded, not retried.
      if (error instanceof IntakeError) return `refused: ${error.message}`;
      throw error;
    }
  }

  /** A DSN to the sender (from the null sender, RFC 5321 4.5.5), unless that could start a bounce loop. */
  private async bounce(mail: RoutedMail, target: RoutedTarget, headers: HeaderField[], reason: string) {
    if (!mayBounce(mail.sender, headers)) return 'not bounced: automatic or null sender';
    const raw = buildBounce({
      domain: target.domain.name,
      reportingMta: this.deps.reportingMta,
      recipient: target.recipient,
      sender: mail.sender,
      headers,
      reason,
    });
    try {
      await this.submit(target, raw, [mail.sender], '');
      return `bounced to ${mail.sender}`;
    } catch (error) {
      if (error instanceof IntakeError) return `bounce refused: ${error.message}`;
      throw error;
    }
  }

  /** SRS: a forward's bounce goes back to the original sender, as a notice from the forwarding domain (srs-return.ts). */
  private async returnToSender(mail: RoutedMail, target: RoutedTarget, original: string, headers: HeaderField[]) {
    const raw = buildSrsReturn({
      domain: target.domain.name,
      originalSender: original,
      report: mail.raw,
      reportHeaders: headers,
    });
    await this.submit(target, raw, [original], '').catch((error: unknown) => {
      // Refused by policy (the original sender is suppressed, say): dropped, as a bounce of a bounce would be.
      if (!(error instanceof IntakeError)) throw error;
      this.deps.log.info({ err: error, to: original }, 'SRS bounce not returned');
    });
  }

  /** Into our own intake, as the receiving domain. */
  private async submit(
    target: RoutedTarget,
    raw: Buffer,
    recipients: string[],
    envelopeFrom: string,
    trace?: RoutedMail['client'],
  ) {
    return (await this.deps.intake()).accept({
      source: 'route',
      customerId: target.domain.customerId,
      domainId: target.domain.domainId,
      domainName: null,
      raw,
      recipients,
      envelopeFrom,
      ...(trace ? { trace: { ...trace, protocol: 'ESMTP' } } : {}),
    });
  }

  private async record(record: InboundRecord) {
    const id = await recordInboundMessage(this.deps.db, record);
    this.deps.log.info({ inboundId: id, recipient: record.recipient, outcome: record.outcome }, 'inbound routed');
  }
}
