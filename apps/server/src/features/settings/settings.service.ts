import type { ServerSettings } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { findDomainByName } from '../../mail/intake/sending-domain.repo.ts';

/** Why password resets and invitations cannot be mailed, or null when they can. */
export async function systemMailProblem(deps: Deps): Promise<string | null> {
  const name = deps.config.systemMailDomain;
  if (!name) return 'SYSTEM_MAIL_DOMAIN is not set: password reset links and invitations are not mailed.';
  const domain = await findDomainByName(deps.db, name);
  if (!domain) return `SYSTEM_MAIL_DOMAIN ${name} is not a domain of this Mailwright: add and verify it.`;
  if (domain.state !== 'verified') return `SYSTEM_MAIL_DOMAIN ${name} is not verified yet: system mail waits.`;
  return null;
}

export async function getServerSettings(deps: Deps, auth: AuthContext): Promise<ServerSettings> {
  const { config } = deps;
  const operator = auth.role === 'superadmin';
  const problem = operator ? await systemMailProblem(deps) : null;
  return {
    smtp: { host: config.mailHostname, port: config.smtpPort, security: 'STARTTLS', auth: ['PLAIN', 'LOGIN'] },
    api_url: config.publicUrl,
    system_mail: operator ? { configured: problem === null, problem } : null,
  };
}
