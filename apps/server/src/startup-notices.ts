import type { Config } from './config.ts';
import type { FirstSuperadmin } from './features/users/bootstrap.ts';
import type { Logger } from './log.ts';

/** Plain lines a person reads at the terminal, not log records: where the console is and how to sign in. */
export function welcomeText(url: string, first: FirstSuperadmin | null): string {
  const lines = [`Mailwright console: ${url}   (API ${url}/api, API reference ${url}/api/docs)`];
  if (first?.generatedPassword) {
    lines.push(
      'Created the first superadmin. Sign in with:',
      `  username: ${first.username}`,
      `  password: ${first.generatedPassword}`,
      'This password is shown only this once: change it in Account settings.',
    );
  } else if (first) {
    lines.push(`Created the first superadmin "${first.username}" with the password from MAILWRIGHT_ADMIN_PASSWORD.`);
  }
  return `\n${lines.join('\n')}\n`;
}

export function printWelcome(url: string, first: FirstSuperadmin | null): void {
  console.log(welcomeText(url, first));
}

/**
 * The DNS records Mailwright shows and the names it says in SMTP come from MAIL_HOSTNAME. Left at localhost on a
 * machine others reach (PostgreSQL, a public bind address or URL), every record a customer publishes would be wrong.
 */
export function warnAboutLocalNames(config: Config, log: Pick<Logger, 'warn'>): void {
  if (config.mailHostname !== 'localhost') return;
  const local = (host: string) => ['127.0.0.1', '::1', 'localhost'].includes(host);
  const reachable =
    Boolean(config.databaseUrl) ||
    !local(config.host) ||
    !local(new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, ''));
  if (reachable) {
    log.warn(
      'MAIL_HOSTNAME is not set: DNS records and SMTP greetings name "localhost". Set MAIL_HOSTNAME to this server\'s public host name (see .env.example).',
    );
  }
}
