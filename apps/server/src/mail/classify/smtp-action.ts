import { DEFAULT_SMTP_RULES } from './default-rules.ts';
import { compilePattern } from './patterns.ts';
import type { SmtpAction, SmtpRule } from './rule-types.ts';
import { type SmtpStage, stageFromText } from './smtp-stage.ts';
import { codeFromText } from './status-codes.ts';

export type SmtpDecision = { action: SmtpAction; backoffMinutes?: number; rule?: SmtpRule };

// Greylisting (RFC 6647) refuses one sender/recipient/IP triplet for a while: it is about that recipient, never about
// the destination, whatever else the reply says ("please try again later").
const GREYLISTING = /gr[ae]y-?list/i;
// Words of a reply that is about our sending as a whole even when it answers RCPT TO or the data: rate limits and
// reputation or blocklist refusals.
const DESTINATION_WORDS =
  /\brate\b|(sending|connection|message|session) limit|throttl|too many|slow down|reputation|black ?list|block ?list|spamhaus|\brbl\b|dnsbl|unusual|volume|complaint|listed|\[TS0\d\]|4\.7\.(28|65[01])/i;

/**
 * Whether a refusal is about the destination (our IP, our sender, our rate) rather than one recipient, i.e. whether
 * it may start a destination backoff: any reply to the greeting, EHLO or MAIL FROM; 421 (the server closes the
 * session, RFC 5321 3.8); rate-limit and reputation replies at any stage. Never greylisting, and never a reply to
 * RCPT TO or the data that only concerns its recipient ("451 4.7.1 <x@rcpt.test>: Recipient address rejected").
 */
export function isDestinationSignal(reply: { code?: number; text: string }, stage?: SmtpStage): boolean {
  return isSessionRefusal(reply, stage) || (!GREYLISTING.test(reply.text) && DESTINATION_WORDS.test(reply.text));
}

/** A refusal of the session or of our sender: the greeting, EHLO, MAIL FROM, or a 421 (greylisting never is). */
function isSessionRefusal(reply: { code?: number; text: string }, stage?: SmtpStage): boolean {
  if (GREYLISTING.test(reply.text)) return false;
  const at = stage ?? stageFromText(reply.text);
  return at === 'CONNECT' || at === 'HELO' || at === 'MAIL' || (reply.code ?? codeFromText(reply.text)) === 421;
}

/**
 * The reply text is matched as "CODE text" (e.g. "421 4.7.0 Try again later"), first enabled rule wins. A backoff
 * rule applies only to a destination-level reply (isDestinationSignal): for a recipient-level one it means retry (or bounce for a 5xx), so
 * one greylisted recipient does not slow a whole destination. Without a matching rule, a temporary refusal of the
 * session or of our sender (greeting, EHLO, MAIL FROM, 421) starts a backoff of its own (DEFAULT_BACKOFF_MINUTES);
 * other 4xx are retried, 5xx bounced.
 */
export function decideSmtpAction(
  reply: { code?: number; text: string },
  rules: readonly SmtpRule[] = DEFAULT_SMTP_RULES,
  stage?: SmtpStage,
): SmtpDecision {
  const code = reply.code ?? codeFromText(reply.text);
  const line =
    code !== undefined && !reply.text.trimStart().startsWith(String(code)) ? `${code} ${reply.text}` : reply.text;
  for (const rule of rules) {
    if (rule.enabled === false) continue;
    if (!compilePattern(rule.pattern)?.test(line)) continue;
    if (rule.action === 'backoff' && !isDestinationSignal({ ...reply, text: line }, stage)) {
      return { action: code !== undefined && code >= 500 ? 'bounce' : 'retry', rule };
    }
    const decision: SmtpDecision = { action: rule.action, rule };
    if (rule.action === 'backoff') decision.backoffMinutes = rule.backoff_minutes ?? DEFAULT_BACKOFF_MINUTES;
    return decision;
  }
  if (code !== undefined && code >= 500) return { action: 'bounce' };
  if (code !== undefined && code >= 400 && isSessionRefusal({ ...reply, text: line }, stage)) {
    return { action: 'backoff', backoffMinutes: DEFAULT_BACKOFF_MINUTES };
  }
  return { action: 'retry' };
}

export const DEFAULT_BACKOFF_MINUTES = 60;
