import type { Deps } from '../deps.ts';
import { findDomainByName } from '../features/domains/domains.repo.ts';
import type { Intake } from '../mail/intake/intake.service.ts';
import { IntakeError } from '../mail/intake/intake-error.ts';
import { parseAddressList } from '../mail/message/addresses.ts';
import { composeMessage } from '../mail/message/compose.ts';
import { type PeriodicJob, startPeriodic } from './periodic.ts';

const BATCH = 20;
const LEASE = "interval '5 minutes'";

interface SystemMailRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
}

/**
 * Delivers platform mail (password resets, invitations, activations) through the engine, from SYSTEM_MAIL_FROM on
 * SYSTEM_MAIL_DOMAIN (a verified domain of the operator's customer). Each row is claimed with a lease, handed to
 * intake, then marked sent with the message id; a crash in between sends it once more rather than never.
 */
export async function sendSystemMail(deps: Deps, intake: Intake): Promise<number> {
  const { config, db, log } = deps;
  if (!config.systemMailDomain) return 0;
  const domain = await findDomainByName(db, config.systemMailDomain);
  if (!domain) {
    log.warn({ domain: config.systemMailDomain }, 'SYSTEM_MAIL_DOMAIN is not a sending domain; system mail waits');
    return 0;
  }
  const rows = await db.query<SystemMailRow>(
    `UPDATE system_mail SET attempt_after = now() + ${LEASE}, attempts = attempts + 1
      WHERE id IN (SELECT id FROM system_mail WHERE sent_at IS NULL AND attempt_after <= now()
                    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, to_address, subject, text_body, kind`,
    [BATCH],
  );
  const from = parseAddressList(config.systemMailFrom ?? '')[0] ?? {
    name: 'Mailwright',
    address: `no-reply@${domain.name}`,
  };
  for (const row of rows) {
    try {
      const raw = await composeMessage({
        from,
        to: [{ address: row.to_address }],
        cc: [],
        bcc: [],
        subject: row.subject,
        text: row.text_body,
        headers: { 'X-Mailwright-Kind': row.kind },
        attachments: [],
      });
      const result = await intake.accept({
        source: 'system',
        customerId: domain.customer_id,
        domainId: domain.id,
        domainName: null,
        raw,
        recipients: [row.to_address],
        tags: [`system-${row.kind}`],
      });
      await db.query('UPDATE system_mail SET sent_at = now(), message_id = $2, last_error = NULL WHERE id = $1', [
        row.id,
        result.messageId,
      ]);
    } catch (error) {
      const permanent = error instanceof IntakeError && error.smtpCode >= 500;
      const reason = error instanceof Error ? error.message : String(error);
      // A permanent refusal (bad address, foreign From) will not get better: park the row with the reason.
      await db.query(
        `UPDATE system_mail SET last_error = $2${permanent ? ", attempt_after = 'infinity'" : ''} WHERE id = $1`,
        [row.id, reason],
      );
      log.warn({ systemMailId: row.id, err: error, permanent }, 'system mail not sent');
    }
  }
  return rows.length;
}

/** The worker role's system-mail job: every few seconds, and at once while there is a backlog. */
export function startSystemMailJob(deps: Deps, intake: Intake): PeriodicJob {
  return startPeriodic('system-mail', 5_000, deps.log, async () => (await sendSystemMail(deps, intake)) === BATCH);
}
