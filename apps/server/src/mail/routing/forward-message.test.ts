import { describe, expect, it } from 'vitest';
import { headerValue, splitMessage } from '../message/headers.ts';
import { buildBounce, buildForward, HOPS_HEADER, loopReason, MAX_ROUTE_HOPS, mayBounce } from './forward-message.ts';

const message = (extra = '') =>
  Buffer.from(
    `From: Alice <alice@example.org>\r\nTo: support@recv.test\r\nSubject: Help\r\nDKIM-Signature: v=1; d=example.org\r\n${extra}\r\nBody\r\n`,
  );

describe('buildForward', () => {
  it('rewrites From to the receiving address (RFC 7960 4.1.3.1), keeps the sender in Reply-To, counts the hop', () => {
    const { headers, body } = splitMessage(message());
    const out = splitMessage(buildForward(headers, body, 'support@recv.test'));
    expect(headerValue(out.headers, 'from')).toBe('"Alice via support@recv.test" <support@recv.test>');
    expect(headerValue(out.headers, 'reply-to')).toBe('Alice <alice@example.org>');
    expect(headerValue(out.headers, 'x-original-from')).toBe('Alice <alice@example.org>');
    expect(headerValue(out.headers, 'dkim-signature')).toBeUndefined();
    expect(headerValue(out.headers, HOPS_HEADER.toLowerCase())).toBe('1');
    expect(out.body.toString()).toBe('Body\r\n');
  });

  it('keeps a Reply-To the sender set, and adds one to the hop count', () => {
    const { headers, body } = splitMessage(message(`Reply-To: team@example.org\r\n${HOPS_HEADER}: 2\r\n`));
    const out = splitMessage(buildForward(headers, body, 'support@recv.test'));
    expect(headerValue(out.headers, 'reply-to')).toBe('team@example.org');
    expect(out.headers.filter((h) => h.key === HOPS_HEADER.toLowerCase())).toHaveLength(1);
    expect(headerValue(out.headers, HOPS_HEADER.toLowerCase())).toBe('3');
  });
});

describe('loop protection', () => {
  it(`refuses a message forwarded ${MAX_ROUTE_HOPS} times or with 100 Received: fields (RFC 5321 6.3)`, () => {
    expect(loopReason(splitMessage(message(`${HOPS_HEADER}: ${MAX_ROUTE_HOPS - 1}\r\n`)).headers)).toBeUndefined();
    expect(loopReason(splitMessage(message(`${HOPS_HEADER}: ${MAX_ROUTE_HOPS}\r\n`)).headers)).toMatch(/forwarded/);
    const received = 'Received: from a by b\r\n'.repeat(100);
    expect(loopReason(splitMessage(message(received)).headers)).toMatch(/Received/);
  });
});

describe('bounces', () => {
  it('are RFC 3464 reports with the original header section', () => {
    const { headers } = splitMessage(message());
    const raw = buildBounce({
      domain: 'recv.test',
      reportingMta: 'mx.mw.test',
      recipient: 'support@recv.test',
      sender: 'alice@example.org',
      headers,
      reason: 'the recipient does not accept mail',
    }).toString();
    expect(raw).toMatch(/^From: Mail Delivery System <mailer-daemon@recv\.test>/);
    expect(raw).toContain('report-type=delivery-status');
    expect(raw).toContain('Final-Recipient: rfc822; support@recv.test');
    expect(raw).toContain('Status: 5.7.1');
    expect(raw).toContain('Subject: Help');
  });

  it.each([
    ['', '', false],
    ['mailer-daemon@x.test', '', false],
    ['a@x.test', 'Auto-Submitted: auto-replied\r\n', false],
    ['a@x.test', 'Precedence: bulk\r\n', false],
    ['a@x.test', 'Auto-Submitted: no\r\n', true],
    ['a@x.test', '', true],
  ])('to %j with %j: %s (RFC 3834 2)', (sender, extra, expected) => {
    expect(mayBounce(sender, splitMessage(message(extra)).headers)).toBe(expected);
  });
});
