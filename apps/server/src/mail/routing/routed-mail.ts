import type { InboundAuth } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import type { Intake } from '../intake/intake.service.ts';
import type { CompiledRoute } from './route-match.ts';
import type { RoutedDomain } from './routing.repo.ts';

// What the inbound MX hands the router (inbound-router.ts), and what the router needs to run.

/** How long a domain's routes are reused before they are looked up again (a change applies within this time). */
export const DOMAIN_CACHE_MS = 2000;

/** Kept this long when no store() action says otherwise (Mailgun keeps stored messages about 3 days). */
export const DEFAULT_KEEP_DAYS = 3;

export interface RoutedTarget {
  recipient: string;
  domain: RoutedDomain;
  routes: CompiledRoute[];
  /** A bounce to one of our SRS addresses: the original sender it goes back to (srs.ts). */
  returnTo?: string;
}

export interface RoutedMail {
  /** As received. */
  raw: Buffer;
  /** SPF, DKIM and DMARC of the message (inbound-auth.ts); null when not checked (only SRS bounces in it). */
  auth: InboundAuth | null;
  /** MAIL FROM; '' for the null sender. */
  sender: string;
  targets: RoutedTarget[];
  client: { helo: string; ip: string };
}

/**
 * What a routed message came to: the recipients whose mail was refused after DATA (no route took it, or it failed a
 * check the policy requires), and when that was every recipient, the reply for DATA (after 550).
 */
export interface RoutedResult {
  refused: string[];
  reply: string | null;
}

/** A message that must not be routed at all: answered 554 5.4.6 (RFC 3463: routing loop detected). */
export class RoutingLoopError extends Error {}

/** A check the policy requires could not be made (temperror): answered 451 so the sender tries again later. */
export class TemporaryAuthError extends Error {}

export interface RouterDeps {
  db: Db;
  log: Logger;
  secret: Buffer;
  /** Where forwards and bounces are submitted (lazily: a process without routes never needs it). */
  intake: () => Promise<Intake>;
  /** MAIL_HOSTNAME, named in our DSNs. */
  reportingMta: string;
  /** INBOUND_MX_HOST: a domain receives once its own MX names this host (its receiving record verified). */
  inboundMxHost: string;
}
