import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { encodeQuotedPrintable } from '../message/transfer-encoding.ts';
import { transformHtmlParts } from './mime-html.ts';
import { trackMessage } from './rewrite-links.ts';
import { verifyTrackingToken } from './tracking-tokens.ts';

const secret = randomBytes(32);
const options = {
  trackingBaseUrl: 'https://mwt.example.com',
  domainId: 3,
  messageId: 'm1@example.com',
  recipient: 'alice@example.net',
  secret,
  clicks: true,
  opens: true,
};

const compose = (mail: ConstructorParameters<typeof MailComposer>[0]) =>
  new MailComposer({ from: 'news@example.com', to: 'alice@example.net', subject: 'Hi', ...mail }).compile().build();

describe('tracking in MIME messages', () => {
  it('rewrites the HTML alternative and leaves the text part and an HTML attachment alone', async () => {
    const longLine = `<p>${'Grüße und viele Links '.repeat(20)}<a href="https://shop.example/ü?a=1&amp;b=2">Shop</a></p>`;
    const raw = await compose({
      text: 'Visit https://shop.example/ today',
      html: `<html><body>${longLine}</body></html>`,
      attachments: [
        { filename: 'page.html', content: '<a href="https://attached.example/">x</a>', contentType: 'text/html' },
      ],
    });
    const tracked = trackMessage(raw, options);
    const parsed = await simpleParser(tracked);
    expect(parsed.text?.trim()).toBe('Visit https://shop.example/ today');
    expect(parsed.attachments[0]?.content.toString()).toBe('<a href="https://attached.example/">x</a>');
    const html = parsed.html as string;
    expect(html).toContain('Grüße und viele Links');
    const link = html.match(/href="https:\/\/mwt\.example\.com\/t\/c\/([^"]+)"/)?.[1] as string;
    expect(verifyTrackingToken(secret, link)).toMatchObject({ kind: 'click', url: 'https://shop.example/ü?a=1&b=2' });
    expect(html).toMatch(/<img src="https:\/\/mwt\.example\.com\/t\/o\/[^"]+"[^>]*><\/body>/);
    // Every line stays within the 78 characters RFC 5322 asks for.
    expect(
      tracked
        .toString('latin1')
        .split('\r\n')
        .every((line) => line.length <= 78),
    ).toBe(true);
  });

  it('handles a base64 HTML-only message and returns plain-text mail untouched', async () => {
    const html = await compose({ html: '<a href="https://example.org/">Org</a>', textEncoding: 'base64' });
    const parsed = await simpleParser(trackMessage(html, { ...options, opens: false }));
    expect(parsed.html).toMatch(/^<a href="https:\/\/mwt\.example\.com\/t\/c\/[^"]+">Org<\/a>\s*$/);
    const text = await compose({ text: 'No HTML here https://example.org/' });
    expect(trackMessage(text, options)).toBe(text);
    expect(transformHtmlParts(html, (h) => h)).toBe(html);
  });

  it('encodes quoted-printable with soft breaks and escaped trailing spaces', () => {
    expect(encodeQuotedPrintable(Buffer.from('a=b \r\nc\t'))).toBe('a=3Db=20\r\nc=09');
    const long = encodeQuotedPrintable(Buffer.from('x'.repeat(200)));
    expect(long.split('\r\n').every((line) => line.length <= 76)).toBe(true);
    expect(long.replace(/=\r\n/g, '')).toBe('x'.repeat(200));
  });
});
