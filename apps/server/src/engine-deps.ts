import type { Deps } from './deps.ts';
import { smtpClientGuard } from './features/autobans/smtp-guard.ts';
import { authenticateSmtpUser } from './features/credentials/smtp-auth.ts';
import type { EngineDeps } from './mail/engine.ts';

/**
 * The product policy the engine is handed (composition, beside server.ts): who an SMTP login is (SMTP users of the
 * credentials feature) and the AUTH limits and auto-bans (the autobans feature). The engine imports no feature.
 */
export function engineDepsFor(deps: Deps): EngineDeps {
  return {
    ...deps,
    smtpAuth: (login, password) => authenticateSmtpUser(deps.db, login, password),
    smtpGuard: smtpClientGuard(deps),
  };
}
