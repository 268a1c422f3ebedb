import { DEFAULT_SMTP_RULES } from './default-rules.ts';
import { compilePattern } from './patterns.ts';
import { codeFromText } from './status-codes.ts';

export const SMTP_ACTIONS = ['retry', 'bounce', 'backoff'] as const;
export type SmtpAction = (typeof SMTP_ACTIONS)[number];

/** An SMTP pattern: what the delivery engine does with a remote reply that matches. */
export type SmtpRule = {
  id?: number;
  pattern: string;
  action: SmtpAction;
  /** backoff only: how long the destination stays throttled unless a delivery succeeds first. */
  backoff_minutes?: number | null;
  note?: string;
  enabled?: boolean;
};

export type SmtpDecision = { action: SmtpAction; backoffMinutes?: number; rule?: SmtpRule };

/** The reply text is matched as "CODE text" (e.g. "421 4.7.0 Try again later"), first enabled rule wins. */
export function decideSmtpAction(
  reply: { code?: number; text: string },
  rules: readonly SmtpRule[] = DEFAULT_SMTP_RULES,
): SmtpDecision {
  const code = reply.code ?? codeFromText(reply.text);
  const line =
    code !== undefined && !reply.text.trimStart().startsWith(String(code)) ? `${code} ${reply.text}` : reply.text;
  for (const rule of rules) {
    if (rule.enabled === false) continue;
    if (!compilePattern(rule.pattern)?.test(line)) continue;
    const decision: SmtpDecision = { action: rule.action, rule };
    if (rule.action === 'backoff') decision.backoffMinutes = rule.backoff_minutes ?? DEFAULT_BACKOFF_MINUTES;
    return decision;
  }
  return { action: code !== undefined && code >= 500 ? 'bounce' : 'retry' };
}

export const DEFAULT_BACKOFF_MINUTES = 60;
