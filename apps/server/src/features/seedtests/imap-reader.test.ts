import type { ListResponse } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { authenticationResults, junkFolder } from './imap-reader.ts';

const box = (path: string, specialUse?: string, flags: string[] = []) =>
  ({ path, name: path.split('/').pop() ?? path, specialUse, flags: new Set(flags) }) as unknown as ListResponse;

describe('the spam folder of a seed mailbox', () => {
  it('is the RFC 6154 \\Junk folder whatever its name', () => {
    expect(junkFolder([box('INBOX', '\\Inbox'), box('Courrier indésirable', '\\Junk')])).toBe('Courrier indésirable');
    expect(junkFolder([box('INBOX'), box('Bulk', undefined, ['\\Junk'])])).toBe('Bulk');
  });

  it('falls back to the usual names (Junk, Spam, Gmail’s [Gmail]/Spam) without SPECIAL-USE', () => {
    expect(junkFolder([box('INBOX'), box('Spam')])).toBe('Spam');
    expect(junkFolder([box('INBOX'), box('[Gmail]/Spam')])).toBe('[Gmail]/Spam');
    expect(junkFolder([box('INBOX'), box('Junk E-mail')])).toBe('Junk E-mail');
    expect(junkFolder([box('INBOX'), box('Sent', '\\Sent'), box('Spammy newsletters')])).toBeNull();
  });
});

describe('Authentication-Results of a header block', () => {
  it('unfolds each field and keeps every one, one per line', () => {
    const headers = [
      'Received: from mx.example (1.2.3.4)',
      'Authentication-Results: mx.google.com;',
      '       dkim=pass header.i=@acme.test;',
      '\tspf=pass smtp.mailfrom=b@acme.test',
      'ARC-Authentication-Results: i=1; other.example; dkim=fail',
      'authentication-results: second.example; dmarc=pass',
      'Subject: hi',
      '',
    ].join('\r\n');
    expect(authenticationResults(headers)).toBe(
      'mx.google.com; dkim=pass header.i=@acme.test; spf=pass smtp.mailfrom=b@acme.test\nsecond.example; dmarc=pass',
    );
    expect(authenticationResults('Subject: none\r\n')).toBeNull();
  });
});
