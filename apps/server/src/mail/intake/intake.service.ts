import type { Deps } from '../../deps.ts';
import { messagesAccepted } from '../../metrics/registry.ts';
import { GroupCommit } from '../group-commit.ts';
import { loadMailSecret } from '../mail-tokens.ts';
import {
  domainOf,
  hasControlCharacter,
  isValidMailbox,
  normalizeMailbox,
  parseAddressList,
} from '../message/addresses.ts';
import { headerValue, splitMessage } from '../message/headers.ts';
import { refuseBlockedLinks } from '../policy/uri-check.ts';
import { refuseUnvetted } from '../policy/vetting.ts';
import { type AcceptedMessage, type MessageSource, type StoreOutcome, storeMessages } from './intake.repo.ts';
import {
  badField,
  badRecipient,
  domainNotFound,
  domainNotVerified,
  IntakeError,
  sandboxOff,
  temporaryFailure,
  tooLarge,
} from './intake-error.ts';
import { prepareMessage, type Trace } from './prepare.ts';
import { type SendingDomain, SendingDomains } from './sending-domain.ts';

/** One message as a client handed it in, whatever the door (SMTP, native API, Mailgun, SendGrid, system mail). */
export interface Submission {
  source: MessageSource;
  customerId: number;
  /** The domain the credential is bound to (SMTP user, sending token); null for an account-wide key. */
  domainId: number | null;
  /** The domain the request names (Mailgun's /v3/{domain}/…); null lets the From header decide. */
  domainName: string | null;
  raw: Buffer;
  recipients: string[];
  tags?: string[];
  variables?: Record<string, string> | null;
  /** The template the body was rendered from (issue 13), kept for the logs. */
  template?: { name: string; tag: string } | null;
  testmode?: boolean;
  /** A seed test's message (features/seedtests): its events go to the `seedtest:` channel. */
  seedTest?: boolean;
  deliverAt?: Date | null;
  /** Per-message open/click tracking (Mailgun o:tracking*, SendGrid tracking_settings); unset: the domain decides. */
  tracking?: TrackingOverride;
  /** What an SMTP client declared in MAIL FROM, passed on to the next hop when it offers them (RFC 6531, RFC 6152). */
  declared?: { smtputf8?: boolean; eightBitMime?: boolean };
  /** SMTP: the client's EHLO name, IP and protocol, for the Received: field. Unset: "from api … with HTTP". */
  trace?: { helo: string; ip: string; protocol: string };
  /** The envelope sender instead of VERP: SRS for a route's forward, '' for a bounce we send (routing/). */
  envelopeFrom?: string;
}

export type TrackingOverride = { opens?: boolean; clicks?: boolean };

export interface AcceptResult {
  messageId: number;
  /** Without angle brackets. */
  messageIdHeader: string;
}

// Mailgun and SendGrid both cap one API call at 1,000 recipients.
export const MAX_RECIPIENTS = 1000;
const MAX_TAGS = 10;
/**
 * The marker tag of a seed test's message: migration 0032's trigger moves every event carrying it to the `seedtest:`
 * channel (and drops the tag). Only the seed-test runner sets it (`Submission.seedTest`); a client's own tag of that
 * name is refused, so nobody can move ordinary mail's events out of their statistics and webhooks.
 */
export const SEED_TEST_TAG = 'mailwright-seedtest';
const MAX_SCHEDULE_MS = 3 * 24 * 3600_000;

/**
 * Intake: every door hands a Submission here. Policy checks, the pipeline (headers + DKIM), then the message is
 * stored and queued; the promise resolves only after the commit, so a client is never told "accepted" for mail a
 * crash could lose.
 */
export class Intake {
  private readonly deps: Deps;
  private readonly secret: Buffer;
  private readonly domains: SendingDomains;
  private readonly writer: GroupCommit<AcceptedMessage, StoreOutcome>;
  private readonly listeners: (() => void)[] = [];

  constructor(deps: Deps, secret: Buffer) {
    this.deps = deps;
    this.secret = secret;
    this.domains = new SendingDomains(deps.db, deps.config.publicUrl);
    // Two flushes at a time on PostgreSQL: enough to overlap one commit's fsync with the next batch, few enough to
    // keep batches large (fewer statements per message). PGlite runs its queries on this thread, one at a time: a
    // longer linger gathers the messages that are still being signed into the next batch.
    const pglite = deps.db.kind === 'pglite';
    this.writer = new GroupCommit((batch) => storeMessages(deps.db, batch, deps.log), {
      maxBatch: 200,
      maxParallel: pglite ? 1 : 2,
      lingerMs: pglite ? 10 : 2,
    });
  }

  /** Called after every commit; the delivery worker of this process listens so it need not wait for its next poll. */
  onStored(listener: () => void): void {
    this.listeners.push(listener);
  }

  async accept(submission: Submission): Promise<AcceptResult> {
    const { config } = this.deps;
    if (submission.raw.length > config.smtpMaxSize) throw tooLarge(config.smtpMaxSize);
    const recipients = checkRecipients(submission.recipients);
    const tags = checkTags(submission.tags ?? []);
    if (submission.seedTest) tags.push(SEED_TEST_TAG);
    // RFC 5322 3.5 and RFC 2045 2.7-2.8 leave NUL out of message text; PostgreSQL cannot store it in text or jsonb.
    if (submission.raw.includes(0)) throw badField('message', 'The message must not contain a NUL character');
    if (JSON.stringify([tags, submission.variables ?? null]).includes('\\u0000')) {
      throw badField('variables', 'Tags and variables must not contain a NUL character');
    }
    const deliverAt = submission.deliverAt ?? null;
    // Before 1970 is no schedule anyone means (and year 0 cannot be stored): refused like a date too far ahead.
    const unscheduled = (at: Date) => Number.isNaN(at.getTime()) || at.getTime() < 0;
    if (deliverAt && (unscheduled(deliverAt) || deliverAt.getTime() > Date.now() + MAX_SCHEDULE_MS)) {
      throw badField('deliverytime', 'Delivery time must be a valid date at most 3 days ahead');
    }
    const domain = await this.resolveDomain(submission);
    // Vetting (issue 15): an unapproved customer sends only through its sandbox or to its own users.
    await refuseUnvetted(this.deps.db, { customerId: submission.customerId, domain, recipients });
    // The operators' URI blocklist (minus the customer's URI allow-list); refuses with `rejected` events.
    await refuseBlockedLinks(this.deps.db, {
      customerId: submission.customerId,
      domainId: domain.id,
      raw: submission.raw,
      recipients,
      tags,
    });
    const prepared = await prepareMessage(submission.raw, {
      domain: withTracking(domain, submission.tracking),
      recipients,
      tags,
      secret: this.secret,
      trace: traceOf(submission, config.mailHostname),
    });
    let stored: StoreOutcome;
    try {
      stored = await this.writer.submit({
        customerId: submission.customerId,
        domainId: domain.id,
        messageIdHeader: prepared.messageIdHeader,
        from: prepared.from,
        subject: prepared.subject,
        tags,
        variables: submission.variables ?? null,
        template: submission.template ?? null,
        testmode: submission.testmode ?? false,
        source: submission.source,
        raw: prepared.raw,
        smtputf8: prepared.utf8 || submission.declared?.smtputf8 === true,
        eightBitMime: submission.declared?.eightBitMime === true,
        personalize: prepared.personalize,
        envelopeFrom: submission.envelopeFrom ?? null,
        recipients: recipients.map((address) => ({ address, domain: domainOf(address) })),
        deliverAt,
        expiresAt: new Date(Date.now() + config.retryExpiryHours * 3600_000),
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'storing accepted messages failed');
      throw temporaryFailure('The message could not be stored');
    }
    // Refused in the storing transaction (a hard-capped quota, policy/quota.ts): nothing of it was stored.
    if (stored instanceof IntakeError) throw stored;
    const messageId = stored;
    messagesAccepted.inc({ via: submission.source });
    for (const listener of this.listeners) listener();
    return { messageId, messageIdHeader: prepared.messageIdHeader };
  }

  async drain(): Promise<void> {
    await this.writer.drain();
  }

  private async resolveDomain(submission: Submission): Promise<SendingDomain> {
    const { customerId } = submission;
    let domain: SendingDomain | null;
    if (submission.domainId !== null) {
      domain = await this.domains.byId(customerId, submission.domainId);
      if (domain && submission.domainName && domain.name !== submission.domainName.toLowerCase()) domain = null;
    } else {
      const name = submission.domainName ?? fromDomain(submission.raw);
      domain = name ? await this.domains.byName(customerId, name) : null;
    }
    if (!domain) throw domainNotFound(submission.domainName ?? fromDomain(submission.raw) ?? '(none)');
    if (domain.sandbox && !this.deps.config.sandbox) throw sandboxOff(domain.name);
    if (!domain.verified) throw domainNotVerified(domain.name);
    return domain;
  }
}

const intakes = new WeakMap<Deps, Promise<Intake>>();

/** The one Intake of a running program (its group commit batches every door's messages together). */
export function intakeFor(deps: Deps): Promise<Intake> {
  let intake = intakes.get(deps);
  if (!intake) {
    intake = loadMailSecret(deps.db).then((secret) => new Intake(deps, secret));
    intake.catch(() => intakes.delete(deps)); // a failed start is retried by the next caller
    intakes.set(deps, intake);
  }
  return intake;
}

function traceOf(submission: Submission, by: string): Trace {
  const { trace, source } = submission;
  if (trace) return { from: trace.helo, ip: trace.ip, protocol: trace.protocol, by };
  return {
    from: source === 'system' ? 'localhost' : 'api',
    ip: null,
    protocol: source === 'system' ? 'LOCAL' : 'HTTP',
    by,
  };
}

function withTracking(domain: SendingDomain, tracking: TrackingOverride | undefined): SendingDomain {
  if (!tracking) return domain;
  return {
    ...domain,
    openTracking: tracking.opens ?? domain.openTracking,
    clickTracking: tracking.clicks ?? domain.clickTracking,
  };
}

function fromDomain(raw: Buffer): string | null {
  const address = parseAddressList(headerValue(splitMessage(raw).headers, 'from'))[0]?.address;
  return address?.includes('@') ? domainOf(address) : null;
}

function checkRecipients(given: readonly string[]): string[] {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const raw of given) {
    const address = normalizeMailbox(raw);
    if (!isValidMailbox(address)) throw badRecipient(raw);
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(address);
  }
  if (!recipients.length) throw badField('to', 'At least one recipient is required');
  if (recipients.length > MAX_RECIPIENTS) {
    throw badField('to', `Too many recipients: at most ${MAX_RECIPIENTS} per message`);
  }
  return recipients;
}

function checkTags(tags: readonly string[]): string[] {
  const clean = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
  if (clean.length > MAX_TAGS) throw badField('tag', `At most ${MAX_TAGS} tags per message`);
  if (clean.some((t) => t.toLowerCase() === SEED_TEST_TAG)) {
    throw badField('tag', `The tag ${SEED_TEST_TAG} is reserved for seed tests`);
  }
  if (clean.some((t) => t.length > 128)) throw badField('tag', 'A tag is at most 128 characters');
  // Tags end up in a header (Feedback-ID): refused, not cleaned, like any header text a client gives.
  if (clean.some((t) => hasControlCharacter(t))) {
    throw badField('tag', 'A tag must not contain line breaks or control characters');
  }
  return clean;
}
