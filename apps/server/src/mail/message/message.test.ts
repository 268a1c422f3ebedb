import { describe, expect, it } from 'vitest';
import { belongsToDomain, isValidMailbox, normalizeMailbox } from './addresses.ts';
import { decodeEncodedWords, headerValue, joinMessage, splitMessage } from './headers.ts';

describe('decodeEncodedWords (RFC 2047)', () => {
  it.each([
    ['Plain subject', 'Plain subject'],
    ['=?UTF-8?Q?Gr=C3=BC=C3=9Fe_aus_K=C3=B6ln?=', 'Grüße aus Köln'],
    ['=?utf-8?B?8J+Ukg==?= Sale', '🔒 Sale'],
    ['=?ISO-8859-1?Q?caf=E9?=', 'café'],
    ['=?UTF-8?Q?a?= =?UTF-8?Q?b?=', 'ab'], // whitespace between encoded-words is dropped
    ['=?x-unknown?Q?abc?=', '=?x-unknown?Q?abc?='],
  ])('%s -> %s', (encoded, decoded) => {
    expect(decodeEncodedWords(encoded)).toBe(decoded);
  });
});

describe('splitMessage / headerValue / joinMessage', () => {
  it('unfolds header values and keeps the body byte for byte', () => {
    const raw = Buffer.from('Subject: one\r\n two\r\nFrom: a@b.test\r\n\r\nBody\r\n.\r\n');
    const { headers, body } = splitMessage(raw);
    expect(headerValue(headers, 'subject')).toBe('one two');
    expect(body.toString()).toBe('Body\r\n.\r\n');
    expect(joinMessage(headers, body).equals(raw)).toBe(true);
  });

  it('accepts bare LF line ends', () => {
    const { headers, body } = splitMessage(Buffer.from('From: a@b.test\nSubject: x\n\nHi\n'));
    expect(headers.map((h) => h.key)).toEqual(['from', 'subject']);
    expect(body.toString()).toBe('Hi\n');
  });
});

describe('addresses', () => {
  it.each([
    ['user@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['üser@exämple.test', true],
    ['no-at-sign', false],
    ['two@@example.com', false],
    ['user@localhost', false],
    ['"quoted"@example.com', false],
    ['user@exa mple.com', false],
    [`${'a'.repeat(65)}@example.com`, false],
  ])('isValidMailbox(%s) = %s', (address, valid) => {
    expect(isValidMailbox(address)).toBe(valid);
  });

  it('lowercases the domain only', () => {
    expect(normalizeMailbox(' John.Doe@Example.COM ')).toBe('John.Doe@example.com');
  });

  it.each([
    ['a@acme.test', 'acme.test', true],
    ['a@mail.acme.test', 'acme.test', true],
    ['a@notacme.test', 'acme.test', false],
    ['a@acme.test.evil', 'acme.test', false],
  ])('belongsToDomain(%s, %s) = %s', (address, domain, expected) => {
    expect(belongsToDomain(address, domain)).toBe(expected);
  });
});
