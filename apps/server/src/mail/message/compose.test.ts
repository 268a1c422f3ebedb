import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMessage } from './compose.ts';
import type { ComposeInput } from './compose-input.ts';
import { composeSimple } from './compose-simple.ts';

const base: ComposeInput = {
  from: { name: 'Acme Shop', address: 'shop@acme.test' },
  to: [{ address: 'ann@example.com' }, { name: 'Bob B', address: 'bob@example.com' }],
  cc: [{ address: 'cc@example.com' }],
  bcc: [{ address: 'hidden@example.com' }],
  replyTo: { address: 'help@acme.test' },
  subject: 'Your order 42',
  text: 'Hello Ann,\nyour order ships today.\n',
  headers: { 'X-Campaign': 'spring' },
  attachments: [],
};

async function parsed(input: ComposeInput) {
  const raw = await composeMessage(input);
  return { raw: raw.toString('latin1'), mail: await simpleParser(raw) };
}

describe('composeMessage', () => {
  it('writes a plain ASCII message directly, and a MIME parser reads back every field', async () => {
    expect(composeSimple(base)).not.toBeNull();
    const { raw, mail } = await parsed(base);
    expect(mail.from?.value).toEqual([{ name: 'Acme Shop', address: 'shop@acme.test' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((m) => m.address) : []).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
    expect(mail.subject).toBe('Your order 42');
    expect(mail.headers.get('x-campaign')).toBe('spring');
    expect(mail.text).toBe('Hello Ann,\nyour order ships today.\n');
    expect(raw).not.toContain('hidden@example.com');
    expect(raw).not.toMatch(/[^\r]\n/); // CRLF line ends only
  });

  it('writes text and HTML as multipart/alternative', async () => {
    const { mail } = await parsed({ ...base, html: '<p>Hello <b>Ann</b></p>' });
    expect(mail.html).toBe('<p>Hello <b>Ann</b></p>\n');
    expect(mail.text).toBe('Hello Ann,\nyour order ships today.\n');
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
  });

  it.each<[string, string, string]>([
    ['a long line', 'x'.repeat(1000), 'quoted-printable'],
    ['mostly ASCII with accents', 'Café, crème brûlée = 5 €', 'quoted-printable'],
    ['mostly non-ASCII', '東京の天気は晴れです。', 'base64'],
  ])('encodes %s as %s, and a parser reads back the same text', async (_what, text, encoding) => {
    const raw = composeSimple({ ...base, text });
    expect(raw?.toString('latin1')).toContain(`Content-Transfer-Encoding: ${encoding}`);
    for (const line of (raw as Buffer).toString('latin1').split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect((await simpleParser(raw as Buffer)).text?.trim()).toBe(text);
  });

  it.each<[string, Partial<ComposeInput>]>([
    ['a non-ASCII subject', { subject: 'Grüße' }],
    ['a display name that needs quoting', { from: { name: 'Shop, Acme', address: 'shop@acme.test' } }],
    ['an attachment', { attachments: [{ filename: 'a.txt', content: Buffer.from('x') }] }],
    ['a header too long for one line', { subject: 'word '.repeat(20) }],
  ])('leaves %s to MailComposer, which encodes it', async (_what, change) => {
    const input = { ...base, ...change };
    expect(composeSimple(input)).toBeNull();
    const { mail } = await parsed(input);
    expect(mail.subject).toBe(input.subject.trim());
    if (input.text && !input.attachments.length) expect(mail.text?.trim()).toBe(input.text.trim());
    expect(mail.from?.value[0]?.name).toBe(input.from.name);
  });
});
