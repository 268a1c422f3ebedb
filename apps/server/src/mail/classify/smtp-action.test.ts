import { describe, expect, it } from 'vitest';
import { DEFAULT_SMTP_RULES } from './default-rules.ts';
import { decideSmtpAction, isDestinationSignal } from './smtp-action.ts';
import type { SmtpStage } from './smtp-stage.ts';

const GREYLISTED = '451 4.7.1 <x@rcpt.test>: Recipient address rejected: Greylisted';

describe('what starts a destination backoff (decideSmtpAction with the refused command)', () => {
  it.each([
    // One recipient's temporary failure is retried on the schedule, whatever words it uses.
    [GREYLISTED, 'RCPT', 'retry'],
    [`${GREYLISTED}, please try again later`, 'RCPT', 'retry'],
    ['450 4.2.0 <x@rcpt.test>: Recipient address rejected: Greylisted, see http://postgrey.example/', 'RCPT', 'retry'],
    ['451 4.7.1 Please try again later', 'RCPT', 'retry'],
    ['452 4.2.2 Mailbox full, quota limit exceeded', 'RCPT', 'retry'],
    ['451 4.3.0 Temporary failure', 'DATA', 'retry'],
    // Rate-limit and reputation replies are about our sending as a whole, at any command.
    ['421 4.7.0 Too many concurrent connections, slow down', 'RCPT', 'backoff'],
    ['450 4.7.1 <x@rcpt.test>: Recipient address rejected: rate limit exceeded', 'RCPT', 'backoff'],
    ['451 4.7.650 The mail server has been temporarily rate limited due to IP reputation', 'DATA', 'backoff'],
    ['554 5.7.1 Client host [192.0.2.1] blocked using zen.spamhaus.org', 'RCPT', 'backoff'],
    // A temporary refusal of the session or of our sender needs no pattern.
    ['421 4.3.2 Service not available, closing transmission channel', 'CONNECT', 'backoff'],
    ['451 4.3.0 Too busy', 'HELO', 'backoff'],
    ['451 4.1.8 Sender address rejected: Domain not found', 'MAIL', 'backoff'],
    ['421 4.4.2 Timeout exceeded, closing', 'RCPT', 'backoff'],
    ['451 4.7.1 Greylisted, please try again later', 'MAIL', 'retry'],
    // Permanent refusals bounce.
    ['550 5.1.1 User unknown', 'RCPT', 'bounce'],
    ['554 5.3.0 No SMTP service here', 'CONNECT', 'bounce'],
  ] as const)('%s (at %s) -> %s', (text, stage, action) => {
    const code = Number(text.slice(0, 3));
    expect(decideSmtpAction({ code, text }, DEFAULT_SMTP_RULES, stage as SmtpStage).action).toBe(action);
  });

  it('an operator backoff pattern matching a recipient-level reply retries it instead', () => {
    const rules = [{ pattern: 'greylisted|mailbox busy', action: 'backoff' as const, backoff_minutes: 30 }];
    expect(decideSmtpAction({ code: 451, text: GREYLISTED }, rules, 'RCPT')).toMatchObject({ action: 'retry' });
    expect(decideSmtpAction({ code: 450, text: '450 4.2.1 Mailbox busy' }, rules, 'RCPT').action).toBe('retry');
    expect(decideSmtpAction({ code: 450, text: '450 4.2.1 Mailbox busy' }, rules, 'MAIL').action).toBe('backoff');
  });

  it('reads the command from the reply text when the stage is not known (DSNs, the pattern tester)', () => {
    expect(isDestinationSignal({ text: GREYLISTED })).toBe(false);
    expect(isDestinationSignal({ text: '451 4.1.8 Sender address rejected (in reply to MAIL FROM command)' })).toBe(
      true,
    );
  });
});
