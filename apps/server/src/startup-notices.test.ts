import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { warnAboutLocalNames, welcomeText } from './startup-notices.ts';

function warnings(env: Record<string, string>): string[] {
  const seen: string[] = [];
  warnAboutLocalNames(loadConfig({ DATA_DIR: '/tmp/unused', ...env }), { warn: (msg: string) => void seen.push(msg) });
  return seen;
}

describe('start-up text (issue 11)', () => {
  it('prints a generated first password as plain lines, and nothing about a password on later starts', () => {
    const first = welcomeText('http://localhost:8080', { username: 'admin', generatedPassword: 'Xy9-secret' });
    expect(first).toContain('  username: admin\n  password: Xy9-secret\n');
    expect(first).not.toMatch(/^\{/m);
    const later = welcomeText('http://localhost:8080', null);
    expect(later).toContain('Mailwright console: http://localhost:8080');
    expect(later).not.toMatch(/password|above/i);
  });

  it('warns when MAIL_HOSTNAME is unset on a machine others reach, not on a laptop', () => {
    expect(warnings({})).toEqual([]);
    expect(warnings({ HOST: '0.0.0.0' })[0]).toMatch(/MAIL_HOSTNAME is not set/);
    expect(warnings({ PUBLIC_URL: 'https://mail.example.com' })).toHaveLength(1);
    expect(warnings({ DATABASE_URL: 'postgres://db/mw' })).toHaveLength(1);
    expect(warnings({ HOST: '0.0.0.0', MAIL_HOSTNAME: 'mx.example.com' })).toEqual([]);
  });
});
