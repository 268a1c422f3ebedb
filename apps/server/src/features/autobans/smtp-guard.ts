import type { Deps } from '../../deps.ts';
import type { SmtpClientGuard } from '../../mail/smtp/submission-server.ts';
import { attemptLimitsFrom, bannedMessage, findBan, guardAttempt } from '../../security/attempt-guard.ts';

/**
 * The submission listener's brute-force guard (handed to the engine by the composition): the same per-name and
 * per-address limits as the console sign-in, counted apart (channel `smtp`), and the same auto-bans.
 * RFC 4954 section 6: 454 4.7.0 for a temporary authentication failure; a banned address gets 421 4.7.0 when it
 * connects (RFC 5321 3.8: the service is not available to it, come back later).
 */
export function smtpClientGuard(deps: Deps): SmtpClientGuard {
  const limits = attemptLimitsFrom(deps.config);
  return {
    async checkClient(ip) {
      const ban = await findBan(deps.db, ip);
      return ban ? { code: 421, message: `4.7.0 ${bannedMessage(ban, 'smtp')}` } : null;
    },
    async countAuth(login, ip) {
      const guarded = await guardAttempt(deps.db, limits, { channel: 'smtp', name: login, userId: null, ip });
      if ('refusal' in guarded) return { code: 454, message: `4.7.0 ${guarded.refusal.message}` };
      const { attempt } = guarded;
      return (ok) => (ok ? attempt.succeeded() : attempt.failed('password'));
    },
  };
}
