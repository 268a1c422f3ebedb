import type { Deps } from '../../deps.ts';
import { hashToken, newToken } from '../../http/auth.ts';
import { forgetVettingState } from '../../mail/policy/vetting.ts';
import { queueSystemMail } from '../../mail/system-mail.ts';

/**
 * Starts vetting for a customer created as a client, through an invitation or by signing up: a form to fill in at
 * `/vetting/{token}` and, until an operator approves, sending limited to the sandbox domain and the customer's own
 * users (mail/policy/vetting.ts). The mail is queued in the caller's transaction when `deps.db` is one, so a
 * rolled-back sign-up sends nothing. Only the token's hash is stored; the link is the one place it lives.
 *
 * Called again for the same customer (a resent form), it issues a new link (the old one stops working) and keeps
 * the answers and any decision already made.
 */
export async function createVettingForm(
  deps: Pick<Deps, 'db' | 'log' | 'config'>,
  input: { customerId: number; email: string },
): Promise<{ token: string }> {
  const token = newToken(24);
  await deps.db.query(
    `INSERT INTO customer_vetting (customer_id, token_hash, email) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, email = EXCLUDED.email,
       updated_at = now()`,
    [input.customerId, hashToken(token), input.email],
  );
  forgetVettingState(input.customerId);
  await queueSystemMail(deps.db, deps.log, {
    to: input.email,
    kind: 'invitation',
    subject: 'Tell us about your sending: your Mailwright vetting form',
    text: vettingMailText(`${deps.config.publicUrl}/vetting/${token}`),
  });
  return { token };
}

function vettingMailText(link: string): string {
  return `Hello,\n\nAn account was opened for you on Mailwright. Before it can send to any address, we ask a few questions about the mail you plan to send (who receives it, how the addresses were collected, how unsubscribing works). Fill in the form here; you can save a draft and come back:\n\n${link}\n\nUntil we have approved the account you can send through your sandbox domain and to your own users' addresses.\n`;
}
