import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { readInboundReport } from '../classify/inbound-report.ts';
import { cachedPatternRules } from '../classify/pattern-rules.repo.ts';
import { parseVerpAddress } from '../mail-tokens.ts';
import type { RoutedTarget } from '../routing/routed-mail.ts';
import { findVerpTarget, recordInboundEvent, type VerpTarget } from './inbound.repo.ts';
import { inboundEventFor, type ReadReport } from './inbound-event.ts';

/** Who one inbound message was for: VERP recipients, and/or the feedback-loop mailbox. */
export interface InboundEnvelope {
  targets: VerpTarget[];
  /** Sent to the FBL mailbox (fbl@INBOUND_MX_HOST): the complained message is found by its quoted VERP return path. */
  feedbackLoop: boolean;
  /** Recipients at a receiving domain that an inbound route takes (routing/). */
  routed: RoutedTarget[];
  /** MAIL FROM; '' for the null sender. */
  sender: string;
  /** The SIZE the client declared at MAIL FROM (RFC 1870); 0 when it declared none. */
  declaredSize: number;
}

/**
 * Reads one inbound message (DSN, ARF report, automatic reply) and records what it means for each recipient it is
 * about; answers how many events were written.
 */
export async function handleInboundMessage(
  db: Db,
  log: Logger,
  secret: Buffer,
  raw: Buffer,
  envelope: InboundEnvelope,
): Promise<number> {
  const rules = await cachedPatternRules(db);
  const read = readInboundReport(
    raw,
    { dsn: rules.dsn, category: rules.category },
    { decodeVerp: (address) => parseVerpAddress(secret, address) },
  );
  const report = read as ReadReport;
  const targets = [...envelope.targets];
  // A feedback loop mails its reports to one fixed address; the report quotes the complained message, whose signed
  // return path names the recipient.
  if (envelope.feedbackLoop && read.kind === 'complaint' && read.verpId !== undefined) {
    const quoted = await findVerpTarget(db, read.verpId, null);
    if (quoted && !targets.some((t) => t.recipientId === quoted.recipientId)) targets.push(quoted);
  }
  let written = 0;
  for (const target of targets) {
    const outcome = inboundEventFor(report, target.recipient);
    if ('ignored' in outcome) {
      log.debug({ recipientId: target.recipientId, ignored: outcome.ignored }, 'inbound message ignored');
      continue;
    }
    const wrote = await recordInboundEvent(db, target, outcome.event);
    if (wrote) written++;
    log.info({ recipientId: target.recipientId, event: outcome.event.event, written: wrote }, 'inbound report');
  }
  return written;
}
