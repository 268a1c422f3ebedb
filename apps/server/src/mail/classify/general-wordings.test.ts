import { describe, expect, it } from 'vitest';
import { type BounceReply, classifyBounce } from './classify.ts';
import { categoryFromReplyCode, categoryFromStatus } from './status-codes.ts';
import { cutOriginal } from './text-bounce.ts';

/**
 * The third version of the defaults (migration 0026): general wordings instead of one MTA's phrase, and what the codes
 * alone say. Replies written here from the public wording each rule cites (RFC 3463/5321/7504, PowerMTA's and
 * KumoMTA's defaults, the receivers' help pages), not copied from any sample.
 */
const GENERAL_WORDINGS: [source: string, reply: BounceReply, category: string, hard: boolean][] = [
  // Relaying refused, in either word order.
  ['relaying, other verb', { text: '550 5.7.1 Relaying not authorized' }, 'relaying-issues', false],
  ['relaying, verb first', { text: '554 5.7.1 We cannot relay for you' }, 'relaying-issues', false],
  [
    'relaying, bare',
    { text: '550 5.7.0 <a@example.test>: Recipient address rejected: No relaying' },
    'relaying-issues',
    false,
  ],
  // A domain or host that takes no mail.
  ['no usable MX', { text: 'example.test: no usable MX hosts', action: 'failed' }, 'unreachable-mx', true],
  ['RFC 7504 host', { text: '550 Mail host mx.example.test does not accept mail' }, 'unreachable-mx', true],
  ['qmail', { text: "Sorry, I couldn't find a mail exchanger or IP address. (#5.4.4)" }, 'unreachable-mx', true],
  // The message's time in the queue ran out, however it is put.
  ['expiry', { text: 'Delivery failed: the message has expired', action: 'failed' }, 'message-expired', false],
  ['counted retries', { text: 'Gave up after 12 delivery retries', action: 'failed' }, 'message-expired', false],
  [
    'DragonFly expiry notice (a tagged rule: seen in the corpus only)',
    { text: 'Could not deliver for the last 259200 seconds. Giving up.', action: 'failed' },
    'message-expired',
    false,
  ],
  // A full mailbox in the receivers' words.
  ['maximum size', { text: '550 Recipient mailbox has reached its maximum size' }, 'quota-issues', false],
  ['storage', { text: '452 Not enough storage space for this message' }, 'quota-issues', false],
  // The sender's own domain.
  ['sender domain', { text: '550 5.7.1 Sender domain example.test does not resolve' }, 'invalid-sender', false],
  ['domain of your sender', { text: '553 The domain of your sender address has no MX' }, 'invalid-sender', false],
  // A policy refusal that goes on to name its reason is that reason.
  [
    'policy naming dynamic IPs',
    { text: '550 Mail rejected for policy reasons. We do not accept mail from dynamic IPs' },
    'spam-related',
    false,
  ],
  [
    'Cloudmark CSI link',
    { text: '554 Rejected, see http://csi.cloudmark.com/reset-request/?ip=192.0.2.1' },
    'spam-related',
    false,
  ],
  [
    'Outlook.com RP-001',
    {
      text: "421 RP-001 Unfortunately, some messages from 192.0.2.1 weren't sent. Please try again. We have limits for how many messages can be sent per hour and per day.",
    },
    'policy-related',
    false,
  ],
  [
    'Microsoft 5.7.60',
    { text: '550 5.7.60 SMTP; Client does not have permissions to send as this sender' },
    'invalid-sender',
    false,
  ],
  // Authentication words count with what failed, not in a header dump around an unrelated reply.
  [
    'DKIM header after the reply',
    {
      text: '550 5.1.1 <a@example.test>: no such user. Original headers: DKIM-Signature: v=1; a=rsa-sha256; d=example.test',
    },
    'bad-mailbox',
    true,
  ],
  ['DMARC refusal', { text: '550 5.7.1 Email rejected per DMARC policy for example.test' }, 'policy-related', false],
  [
    'SPF check',
    { text: '550 5.7.26 Unauthenticated email is not accepted: SPF check failed for example.test' },
    'policy-related',
    false,
  ],
  // Codes alone, when no words say more.
  ['RFC 3463 X.1.3 (PowerMTA, KumoMTA)', { text: '553 5.1.3 Malformed local part' }, 'bad-mailbox', true],
  ['RFC 7504 521 with X.3.2', { text: '521 5.3.2 mx.example.test closed' }, 'unreachable-mx', true],
  ['RFC 7504 556', { text: '556 example.test' }, 'unreachable-mx', true],
  ['RFC 5321 501', { text: '501 5.0.0 Invalid argument' }, 'protocol-errors', false],
];

describe('general wordings of the third default list (0026)', () => {
  it.each(GENERAL_WORDINGS)('%s: %o -> %s (hard %s)', (_source, reply, category, hard) => {
    const result = classifyBounce(reply);
    expect({ category: result.category, hard: result.hard }).toEqual({ category, hard });
  });

  it('a specific rule still wins over the general ones: a relay refusal that names a blocklist is a block', () => {
    expect(classifyBounce({ text: '554 5.7.1 Relaying denied: your IP is listed on bl.example.test' }).category).toBe(
      'spam-related',
    );
  });

  it('"no MX" about our own sender domain is the sender, not the recipient domain', () => {
    expect(classifyBounce({ text: '550 No MX for envelope sender domain sender.test' }).category).toBe(
      'invalid-sender',
    );
  });

  it('"does not accept mail from you" is not a domain without mail service', () => {
    expect(classifyBounce({ text: '550 Our server does not accept mail from your IP address' }).category).toBe(
      'spam-related',
    );
  });
});

describe('what the codes alone say', () => {
  it('permanent X.3.2 is a host that accepts no mail, transient X.3.2 a system that is down for now', () => {
    expect(categoryFromStatus('5.3.2')).toBe('unreachable-mx');
    expect(categoryFromStatus('4.3.2')).toBe('bad-configuration');
    expect(categoryFromStatus('5.1.3')).toBe('bad-mailbox');
  });

  it('reply codes 521/556 and 500-504; other codes say nothing', () => {
    expect([521, 556, 500, 504, 550, 421, undefined].map(categoryFromReplyCode)).toEqual([
      'unreachable-mx',
      'unreachable-mx',
      'protocol-errors',
      'protocol-errors',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('a code gives way to words: 521 with a blocklist named is a block', () => {
    expect(classifyBounce({ text: '521 5.7.1 client blocked using dnsbl.example.test' }).category).toBe('spam-related');
  });
});

describe('the returned copy of the message is not the reply', () => {
  it("is cut at Exim's marker, also when it says 'your message'", () => {
    const text = [
      'The following address(es) failed:',
      '  a@example.test',
      '------ This is a copy of your message, including all the headers. ------',
      'DKIM-Signature: v=1; a=rsa-sha256; d=sender.test',
    ].join('\n');
    expect(cutOriginal(text)).not.toMatch(/DKIM/);
    expect(cutOriginal(text)).toMatch(/a@example\.test/);
  });
});

describe('the sending IP named as what is refused, and the Chinese webmail notices', () => {
  it.each([
    ['554 5.7.1 Your IP 192.0.2.1 has been blocked', 'spam-related', false],
    ['421 4.7.0 Connections will not be accepted from 192.0.2.1 at this time', 'spam-related', false],
    ['550 Mail from your server has been refused for 24 hours', 'spam-related', false],
    ['550 用户不存在', 'bad-mailbox', true],
    ['550 收件人地址无效', 'bad-mailbox', true],
    ['552 邮箱已满', 'quota-issues', false],
  ])('%s -> %s (hard %s)', (text, category, hard) => {
    const result = classifyBounce({ text });
    expect({ category: result.category, hard: result.hard }).toEqual({ category, hard });
  });

  it('a user unknown at a host is still the user: the IP words need the IP or our host as subject', () => {
    expect(classifyBounce({ text: '550 5.1.1 host mx.example.test rejected: no such user' }).category).toBe(
      'bad-mailbox',
    );
  });
});

describe('broad words do not read quoted headers', () => {
  it('"Content-Type:" of the returned message is not a content refusal', () => {
    const quoted = classifyBounce({ text: '550 Unable to deliver. Content-Type: text/plain; charset=us-ascii' });
    expect(quoted.category).toBe('other');
    expect(classifyBounce({ text: '554 Your message content was not accepted' }).category).toBe('content-related');
  });

  it('a blocklist in any of its spellings', () => {
    for (const text of ['554 IP on our blacklist', '554 IP on our block list', '554 Sender on deny list']) {
      expect(classifyBounce({ text }).category).toBe('spam-related');
    }
  });
});

describe('an unknown user is a bad mailbox unless the reply itself says policy', () => {
  it("takes the reply's own status over the report's summary", () => {
    const own = classifyBounce({ status: '5.7.1', text: '550 5.1.1 <a@example.test>: User unknown' });
    expect({ category: own.category, hard: own.hard }).toEqual({ category: 'bad-mailbox', hard: true });
    expect(classifyBounce({ status: '5.1.1', text: '550 5.7.1 <a@example.test>: User unknown' }).category).toBe(
      'policy-related',
    );
    expect(classifyBounce({ status: '5.7.1', text: '550 <a@example.test>: User unknown' }).category).toBe(
      'policy-related',
    );
  });
});

describe('a name that does not resolve, said with the verb first', () => {
  it("is the recipient's domain, or our sender's when it says so; only a permanent failure proves it gone", () => {
    const gone = classifyBounce({ text: '550 5.1.2 Could not resolve host mail.example.test' });
    expect({ category: gone.category, hard: gone.hard }).toEqual({ category: 'bad-domain', hard: true });
    expect(classifyBounce({ text: '451 Unable to resolve domain example.test, try again' }).category).toBe(
      'routing-errors',
    );
    expect(classifyBounce({ text: '550 Could not resolve sender domain sender.test' }).category).toBe('invalid-sender');
  });
});
