import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken } from '../mail-tokens.ts';
import { detectBot } from './bot-detection.ts';
import { rewriteLinksForTracking, unsubscribeUrl } from './rewrite-links.ts';
import { signTrackingToken, verifyTrackingToken } from './tracking-tokens.ts';

const secret = randomBytes(32);
const base = { domainId: 7, messageId: 'abc.123@example.com', recipient: 'alice@example.net' };

describe('tracking tokens', () => {
  it('round-trip opens and clicks and refuse edits, other keys and garbage', () => {
    const open = signTrackingToken(secret, { kind: 'open', ...base });
    expect(verifyTrackingToken(secret, open)).toEqual({ kind: 'open', ...base });
    const click = signTrackingToken(secret, { kind: 'click', ...base, url: 'https://shop.example/a?b=1&c=2' });
    expect(verifyTrackingToken(secret, click)).toEqual({
      kind: 'click',
      ...base,
      url: 'https://shop.example/a?b=1&c=2',
    });

    const [payload, mac] = click.split('.') as [string, string];
    const edited = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace('shop.example', 'evil.example'),
    ).toString('base64url');
    expect(verifyTrackingToken(secret, `${edited}.${mac}`)).toBeNull();
    expect(verifyTrackingToken(randomBytes(32), click)).toBeNull();
    for (const junk of ['', 'x', 'a.b', `${payload}.${mac}.x`, `${payload}.${mac.slice(1)}`]) {
      expect(verifyTrackingToken(secret, junk), junk).toBeNull();
    }
  });
});

describe('rewriteLinksForTracking', () => {
  const options = { ...base, trackingBaseUrl: 'https://mwt.example.com', secret, clicks: true, opens: true };
  const html = `<html><body><p><a class="btn" href="https://shop.example/sale?x=1&amp;y=2">Sale</a>
<a href='http://example.org/'>Org</a> <a href="mailto:help@example.com">Mail</a> <a href="#top">Top</a>
<a data-mw-notrack href="https://private.example/">Private</a></p></body></html>`;

  it('sends http(s) links through signed redirects and leaves the others alone', () => {
    const out = rewriteLinksForTracking(html, options);
    const tracked = [...out.matchAll(/href=(["'])https:\/\/mwt\.example\.com\/t\/c\/([^"']+)\1/g)].map((m) =>
      verifyTrackingToken(secret, m[2] as string),
    );
    expect(tracked.map((claim) => (claim?.kind === 'click' ? claim.url : null))).toEqual([
      'https://shop.example/sale?x=1&y=2',
      'http://example.org/',
    ]);
    expect(out).toContain('<a class="btn" href="https://mwt.example.com/t/c/');
    expect(out).toContain('href="mailto:help@example.com"');
    expect(out).toContain('href="#top"');
    expect(out).toContain('href="https://private.example/"');
  });

  it('adds one open pixel before </body>, or at the end without one', () => {
    const out = rewriteLinksForTracking(html, { ...options, clicks: false });
    const pixel = out.match(/<img src="https:\/\/mwt\.example\.com\/t\/o\/([^"]+)"[^>]*><\/body>/);
    expect(verifyTrackingToken(secret, pixel?.[1] as string)).toEqual({ kind: 'open', ...base });
    expect(out).toContain('href="https://shop.example/sale?x=1&amp;y=2"');
    expect(rewriteLinksForTracking('<p>Hi</p>', { ...options, clicks: false })).toMatch(/^<p>Hi<\/p><img src=/);
    expect(rewriteLinksForTracking(html, { ...options, clicks: false, opens: false })).toBe(html);
  });

  it('leaves links that already point at the tracking host, such as the unsubscribe link', () => {
    const unsubscribe = unsubscribeUrl(secret, { ...base, trackingBaseUrl: 'https://mwt.example.com/' });
    expect(unsubscribe).toMatch(/^https:\/\/mwt\.example\.com\/unsubscribe\//);
    expect(readUnsubscribeToken(secret, unsubscribe.split('/').at(-1) as string)).toEqual(base);
    const out = rewriteLinksForTracking(`<a href="${unsubscribe}">Unsubscribe</a>`, { ...options, opens: false });
    expect(out).toBe(`<a href="${unsubscribe}">Unsubscribe</a>`);
  });
});

describe('bot detection', () => {
  const person =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
  const cases: [string, Parameters<typeof detectBot>[0], string | null][] = [
    ['a person', { method: 'GET', userAgent: person, ip: '198.51.100.7', secondsSinceDelivery: 600 }, null],
    [
      'Gmail image proxy',
      {
        method: 'GET',
        userAgent: 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)',
        ip: '66.249.1.1',
        secondsSinceDelivery: 900,
      },
      'google-image-proxy',
    ],
    [
      'Apple Mail Privacy Protection',
      { method: 'GET', userAgent: 'Mozilla/5.0', ip: '17.58.1.2', secondsSinceDelivery: 1 },
      'apple-privacy-proxy',
    ],
    [
      'a HEAD request',
      { method: 'HEAD', userAgent: person, ip: '198.51.100.7', secondsSinceDelivery: 600 },
      'head-request',
    ],
    [
      'a security gateway',
      { method: 'GET', userAgent: 'Mozilla/5.0 Proofpoint URL Defense', ip: '198.51.100.8', secondsSinceDelivery: 600 },
      'scanner',
    ],
    ['curl', { method: 'GET', userAgent: 'curl/8.5.0', ip: '127.0.0.1', secondsSinceDelivery: null }, 'scanner'],
    [
      'no user agent',
      { method: 'GET', userAgent: undefined, ip: '198.51.100.7', secondsSinceDelivery: 600 },
      'no-user-agent',
    ],
    [
      'a click a second after delivery',
      { method: 'GET', userAgent: person, ip: '198.51.100.7', secondsSinceDelivery: 1 },
      'too-fast',
    ],
  ];
  it.each(cases)('%s', (_name, request, reason) => {
    expect(detectBot(request)).toEqual({ bot: reason !== null, reason });
  });
});
