import type { Deps } from '../../deps.ts';
import { refuseBlockedLinks } from '../../features/uribl/uri-check.ts';
import { GroupCommit } from '../group-commit.ts';
import { loadMailSecret } from '../mail-tokens.ts';
import { domainOf, isValidMailbox, normalizeMailbox, parseAddressList } from '../message/addresses.ts';
import { headerValue, splitMessage } from '../message/headers.ts';
import { type AcceptedMessage, type MessageSource, storeAcceptedMessages } from './intake.repo.ts';
import {
  badField,
  badRecipient,
  domainNotFound,
  domainNotVerified,
  temporaryFailure,
  tooLarge,
} from './intake-error.ts';
import { prepareMessage } from './prepare.ts';
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
  testmode?: boolean;
  deliverAt?: Date | null;
  /** Per-message open/click tracking (Mailgun o:tracking*, SendGrid tracking_settings); unset: the domain decides. */
  tracking?: TrackingOverride;
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
  private readonly writer: GroupCommit<AcceptedMessage, number>;
  private readonly listeners: (() => void)[] = [];

  constructor(deps: Deps, secret: Buffer) {
    this.deps = deps;
    this.secret = secret;
    this.domains = new SendingDomains(deps.db);
    // Two flushes at a time on PostgreSQL: enough to overlap one commit's fsync with the next batch, few enough to
    // keep batches large (fewer statements per message). PGlite runs its queries on this thread, one at a time: a
    // longer linger gathers the messages that are still being signed into the next batch.
    const pglite = deps.db.kind === 'pglite';
    this.writer = new GroupCommit((batch) => storeAcceptedMessages(deps.db, batch), {
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
    const deliverAt = submission.deliverAt ?? null;
    if (deliverAt && (Number.isNaN(deliverAt.getTime()) || deliverAt.getTime() > Date.now() + MAX_SCHEDULE_MS)) {
      throw badField('deliverytime', 'Delivery time must be a valid date at most 3 days ahead');
    }
    const domain = await this.resolveDomain(submission);
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
    });
    let messageId: number;
    try {
      messageId = await this.writer.submit({
        customerId: submission.customerId,
        domainId: domain.id,
        messageIdHeader: prepared.messageIdHeader,
        from: prepared.from,
        subject: prepared.subject,
        tags,
        variables: submission.variables ?? null,
        testmode: submission.testmode ?? false,
        source: submission.source,
        raw: prepared.raw,
        recipients: recipients.map((address) => ({ address, domain: domainOf(address) })),
        deliverAt,
        expiresAt: new Date(Date.now() + config.retryExpiryHours * 3600_000),
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'storing accepted messages failed');
      throw temporaryFailure('The message could not be stored');
    }
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
  if (recipients.length > MAX_RECIPIENTS) throw badField('to', `At most ${MAX_RECIPIENTS} recipients per message`);
  return recipients;
}

function checkTags(tags: readonly string[]): string[] {
  const clean = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
  if (clean.length > MAX_TAGS) throw badField('tag', `At most ${MAX_TAGS} tags per message`);
  if (clean.some((t) => t.length > 128 || /[\r\n]/.test(t))) throw badField('tag', 'A tag is at most 128 characters');
  return clean;
}
