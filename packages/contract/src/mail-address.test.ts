import { describe, expect, it } from 'vitest';
import { hasControlCharacter, isMailboxAddress, parseMailbox, parseMailboxList } from './mail-address.ts';

const mailbox = (input: string) => {
  const parsed = parseMailbox(input);
  return parsed.ok ? parsed.mailbox : null;
};

describe('the one address grammar (RFC 5321 Mailbox, RFC 5322 name-addr)', () => {
  it.each([
    'ann@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.com",
    'user@xn--bcher-kva.example',
    'jörg@bücher.example',
    '用户@例子.广告',
  ])('takes the address %s', (address) => {
    expect(isMailboxAddress(address)).toBe(true);
    expect(mailbox(address)).toEqual({ address });
  });

  it.each([
    ['a space in the local part (issue 10: delivered to smith@…)', 'john smith@rcpt.test'],
    ['two addresses', 'a@rcpt.test b@evil.test'],
    ['an injected header', 'victim@rcpt.test\r\nBcc: inj@evil.test'],
    ['a bare LF', 'victim@rcpt.test\nBcc: inj@evil.test'],
    ['no domain', 'ann@'],
    ['no local part', '@example.com'],
    ['a single-label domain', 'ann@localhost'],
    ['a leading dot', '.ann@example.com'],
    ['two dots', 'a..b@example.com'],
    ['a trailing dot in the domain', 'ann@example.com.'],
    ['a hyphen at a label edge', 'ann@-example.com'],
    ['a numeric top-level label', 'ann@1.2.3.4'],
    ['an address literal', 'ann@[192.0.2.1]'],
    ['a quoted local part', '"john smith"@example.com'],
    ['a comment', 'ann@example.com (Ann)'],
    ['a group', 'undisclosed: ann@example.com;'],
    ['a NUL', 'ann\u0000@example.com'],
    ['a 65-octet local part', `${'a'.repeat(65)}@example.com`],
    ['a 64-octet local part in 22 three-octet characters', `${'€'.repeat(22)}@example.com`],
    ['a 64-character label', `ann@${'a'.repeat(64)}.com`],
    ['a lone surrogate', 'ann\ud800@example.com'],
  ])('refuses %s', (_why, input) => {
    expect(isMailboxAddress(input)).toBe(false);
    expect(parseMailbox(input).ok).toBe(false);
  });

  it('reads display names: atoms, dots (obs-phrase), quoted strings with quoted-pairs, UTF-8, encoded-words', () => {
    expect(mailbox('Ann Example <ann@example.com>')).toEqual({ name: 'Ann Example', address: 'ann@example.com' });
    expect(mailbox('  J. Smith   <js@example.com>  ')).toEqual({ name: 'J. Smith', address: 'js@example.com' });
    expect(mailbox('"Example, Ann \\"The\\" One" <ann@example.com>')).toEqual({
      name: 'Example, Ann "The" One',
      address: 'ann@example.com',
    });
    expect(mailbox('Café Shop <shop@example.com>')).toEqual({ name: 'Café Shop', address: 'shop@example.com' });
    expect(mailbox('=?UTF-8?Q?Caf=C3=A9?= <shop@example.com>')?.name).toBe('=?UTF-8?Q?Caf=C3=A9?=');
    expect(mailbox('<ann@example.com>')).toEqual({ address: 'ann@example.com' });
  });

  it.each([
    ['issue 10: a CRLF and a Bcc in a Mailgun from', 'Shop\r\nBcc: x@evil.test <shop@acme.test>'],
    ['a CRLF in a quoted name', '"Shop\r\nBcc: x@evil.test" <shop@acme.test>'],
    ['an unquoted @ in the name', 'shop@acme.test <shop@acme.test>'],
    ['an unquoted comma', 'Example, Ann <ann@example.com>'],
    ['an unterminated quote', '"Ann <ann@example.com>'],
    ['a second angle address', 'Ann <ann@example.com> <b@example.com>'],
    ['text after the angle address', 'Ann <ann@example.com> x'],
    ['a bad address in angles', 'Ann <john smith@example.com>'],
  ])('refuses a name-addr with %s', (_why, input) => {
    expect(parseMailbox(input).ok).toBe(false);
  });

  it('reads comma-separated lists, commas inside quotes included, and refuses an empty entry', () => {
    expect(parseMailboxList('a@example.com, "B, Bee" <b@example.com>,c@example.com')).toEqual({
      ok: true,
      mailboxes: [
        { address: 'a@example.com' },
        { name: 'B, Bee', address: 'b@example.com' },
        { address: 'c@example.com' },
      ],
    });
    expect(parseMailboxList('a@example.com,,b@example.com')).toEqual({ ok: false, error: 'has an empty entry' });
    expect(parseMailboxList('a@rcpt.test b@evil.test').ok).toBe(false);
  });

  it('finds control characters, tab allowed only when asked', () => {
    expect(hasControlCharacter('Order 1\r\nBcc: x')).toBe(true);
    expect(hasControlCharacter('a\u0085b')).toBe(true);
    expect(hasControlCharacter('a\u2028b')).toBe(true);
    expect(hasControlCharacter('a\tb')).toBe(true);
    expect(hasControlCharacter('a\tb', { allowTab: true })).toBe(false);
    expect(hasControlCharacter('Grüße 👋')).toBe(false);
  });
});
