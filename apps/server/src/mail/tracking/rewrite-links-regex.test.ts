import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rewriteLinksForTracking } from './rewrite-links.ts';

/**
 * Issue 10 item 6, a customer's HTML: a long run of `<a ` without `>` and many `</body>` tags each made the link
 * rewriter search to the end of the body from every one of them (quadratic: minutes at this size, with the process
 * blocked). Both answer at once now, with the same result as before on ordinary HTML (tracking.test.ts).
 */
const options = {
  domainId: 7,
  messageId: 'abc.123@example.com',
  recipient: 'alice@example.net',
  trackingBaseUrl: 'https://mwt.example.com',
  secret: randomBytes(32),
  clicks: true,
  opens: true,
};

describe('issue 10 item 6: the link rewriter stays linear on crafted HTML', () => {
  it('rewrites the link before a 600 KB run of unclosed <a, and puts the pixel before the last </body>', () => {
    const html = `<body><a href="https://shop.example/">x</a>${'<a '.repeat(200_000)}></body>`;
    const out = rewriteLinksForTracking(html, options);
    expect(out).toMatch(/^<body><a href="https:\/\/mwt\.example\.com\/t\/c\/[^"]+">x<\/a><a <a /);
    expect(out).toMatch(/<a ><img src="https:\/\/mwt\.example\.com\/t\/o\/[^"]+"[^>]*><\/body>$/);
  });

  it('finds the last of 200,000 </body> tags', () => {
    const html = `<p>Hi</p>${'</body>'.repeat(200_000)}`;
    const out = rewriteLinksForTracking(html, { ...options, clicks: false });
    expect(out.startsWith(`<p>Hi</p>${'</body>'.repeat(199_999)}<img src=`)).toBe(true);
    expect(out.endsWith('</body>')).toBe(true);
  });
});
