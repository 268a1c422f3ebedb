import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { Intake } from '../mail/intake/intake.service.ts';
import { IntakeError } from '../mail/intake/intake-error.ts';
import { findDomainByName } from '../mail/intake/sending-domain.repo.ts';
import { parseAddressList } from '../mail/message/addresses.ts';
import { composeMessage } from '../mail/message/compose.ts';
import { openColumn } from '../secrets/secret-columns.ts';
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
 * Once the message that carried a system mail is delivered or has failed for good (no recipient still queued), its
 * body goes: the row's sealed copy and the stored message. Reset, activation and invitation links stay usable for
 * hours; a database reader (a backup, a replica, the message drawer of the operator's customer) must not find them.
 */
export async function dropDeliveredBodies(db: Db): Promise<number> {
  const rows = await db.query(
    `WITH done AS (
       SELECT s.id, s.message_id FROM system_mail s
        WHERE s.sent_at IS NOT NULL AND s.text_body IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM message_recipients r WHERE r.message_id = s.message_id AND r.state = 'queued')
        ORDER BY s.id LIMIT 500),
     bodies AS (DELETE FROM message_bodies b USING done WHERE b.message_id = done.message_id)
     UPDATE system_mail s SET text_body = NULL FROM done WHERE s.id = done.id RETURNING s.id`,
  );
  return rows.length;
}

/**
 * Delivers platform mail (password resets, invitations, activations) through the engine, from SYSTEM_MAIL_FROM on
 * SYSTEM_MAIL_DOMAIN (a verified domain of the operator's customer). Each row is claimed with a lease, handed to
 * intake, then marked sent with the message id; a crash in between sends it once more rather than never.
 */
export async function sendSystemMail(deps: Deps, intake: Intake): Promise<number> {
  const { config, db, log } = deps;
  await dropDeliveredBodies(db);
  if (!config.systemMailDomain) return 0;
  const domain = await findDomainByName(db, config.systemMailDomain);
  if (!domain) {
    log.warn({ domain: config.systemMailDomain }, 'SYSTEM_MAIL_DOMAIN is not a sending domain; system mail waits');
    return 0;
  }
  const rows = await db.query<SystemMailRow>(
    `UPDATE system_mail SET attempt_after = now() + ${LEASE}, attempts = attempts + 1
      WHERE id IN (SELECT id FROM system_mail WHERE sent_at IS NULL AND attempt_after <= now() AND text_body IS NOT NULL
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
        text: openColumn('system_mail.text_body', row.id, row.text_body),
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
        // No tracking: a tracked link would carry the token through the redirect and store it with the click event
        // (system mail is plain text today, and only HTML links are rewritten: this keeps it so if that changes).
        tracking: { opens: false, clicks: false },
      });
      await db.query('UPDATE system_mail SET sent_at = now(), message_id = $2, last_error = NULL WHERE id = $1', [
        row.id,
        result.messageId,
      ]);
    } catch (error) {
      const permanent = error instanceof IntakeError && error.smtpCode >= 500;
      const reason = error instanceof Error ? error.message : String(error);
      // A permanent refusal (bad address, foreign From) will not get better: park the row with the reason, without
      // the body (its link must not outlive the attempt).
      await db.query(
        `UPDATE system_mail SET last_error = $2${permanent ? ", attempt_after = 'infinity', text_body = NULL" : ''}
          WHERE id = $1`,
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
