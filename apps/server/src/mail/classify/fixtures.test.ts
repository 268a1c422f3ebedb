import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type InboundReport, readInboundReport } from './inbound-report.ts';

/** Authored bounce messages (see fixtures/bounces/README.md) and what reading them must give. */
const FIXTURES = join(import.meta.dirname, '../../test/fixtures/bounces');
const read = (name: string) =>
  readInboundReport(
    readFileSync(join(FIXTURES, name)),
    {},
    // The fixtures' VERP addresses are b-<base36 id>-<mac>@...; the real decoder also checks the mac.
    {
      decodeVerp: (address) =>
        /^b-([0-9a-z]+)-/.exec(address) ? Number.parseInt(address.split('-')[1] ?? '', 36) : null,
    },
  );

type Expected = {
  recipient: string;
  action: string;
  status: string;
  category: string;
  hard: boolean;
  stage?: string;
  messageId?: string;
};

const BOUNCES: [file: string, expected: Expected][] = [
  [
    'postfix-user-unknown.eml',
    {
      recipient: 'nobody@example.com',
      action: 'failed',
      status: '5.1.1',
      category: 'bad-mailbox',
      hard: true,
      stage: 'RCPT',
      messageId: 'm-1001.abc@sender.test',
    },
  ],
  [
    'gmail-user-unknown.eml',
    {
      recipient: 'missing.person@example.net',
      action: 'failed',
      status: '5.1.1',
      category: 'bad-mailbox',
      hard: true,
      messageId: 'm-1002.def@sender.test',
    },
  ],
  [
    'exim-quota.eml',
    {
      recipient: 'full.box@example.org',
      action: 'failed',
      status: '5.2.2',
      category: 'quota-issues',
      hard: false,
      messageId: 'm-1003.ghi@sender.test',
    },
  ],
  [
    'exim-blocklisted.eml',
    {
      recipient: 'sam@example.net',
      action: 'failed',
      status: '5.7.1',
      category: 'spam-related',
      hard: false,
      stage: 'RCPT',
      messageId: 'm-1004.jkl@sender.test',
    },
  ],
  [
    'qmail-no-host.eml',
    {
      recipient: 'someone@no-such-domain.test',
      action: 'failed',
      status: '5.1.2',
      category: 'bad-domain',
      hard: true,
      messageId: 'm-1005.mno@sender.test',
    },
  ],
  [
    'sendmail-mailbox-disabled.eml',
    {
      recipient: 'old.friend@example.com',
      action: 'failed',
      status: '5.2.1',
      category: 'inactive-mailbox',
      hard: false,
      stage: 'RCPT',
      messageId: 'm-1006.pqr@sender.test',
    },
  ],
  [
    'office365-dbeb.eml',
    {
      recipient: 'ghost@example.com',
      action: 'failed',
      status: '5.4.1',
      category: 'bad-mailbox',
      hard: true,
      messageId: 'm-1007.stu@sender.test',
    },
  ],
  [
    'yahoo-deferred-expired.eml',
    {
      recipient: 'reader@yahoo.example.com',
      action: 'failed',
      status: '4.7.0',
      category: 'spam-related',
      hard: false,
      stage: 'MAIL',
    },
  ],
  [
    'delayed-warning.eml',
    { recipient: 'slow@example.org', action: 'delayed', status: '4.4.1', category: 'message-expired', hard: false },
  ],
];

describe('RFC 3464 and non-standard bounces of the common MTAs', () => {
  it.each(BOUNCES)('%s', (file, expected) => {
    const report = read(file);
    expect(report.kind).toBe('bounce');
    if (report.kind !== 'bounce') return;
    expect(report.recipients).toHaveLength(1);
    const [recipient] = report.recipients;
    expect({
      recipient: recipient?.recipient,
      action: recipient?.action,
      status: recipient?.status,
      category: recipient?.classification.category,
      hard: recipient?.classification.hard,
      ...(expected.stage ? { stage: recipient?.stage } : {}),
      ...(expected.messageId ? { messageId: report.originalMessageId } : {}),
    }).toEqual(expected);
    expect(report.verpId).toBeGreaterThan(0);
  });

  it('keeps the remote words and the reporting MTA of a standard report', () => {
    const report = read('postfix-user-unknown.eml');
    if (report.kind !== 'bounce') throw new Error(report.kind);
    expect(report.report.standard).toBe(true);
    expect(report.report.reportingMta).toBe('mx1.sender.test');
    expect(report.recipients[0]?.diagnostic).toBe(
      '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown in virtual mailbox table',
    );
    expect(report.recipients[0]?.remoteMta).toBe('mx.example.com');
    expect(report.addressedTo).toEqual(['b-2s-k3j9d0a1xq@mwb.sender.test']);
    expect(report.verpId).toBe(Number.parseInt('2s', 36));
  });
});

describe('bounces in other shapes', () => {
  it('reads a bounce a person forwarded inline, not the note above it', () => {
    const report = read('forwarded-inline-postfix.eml');
    if (report.kind !== 'bounce') throw new Error(`not a bounce: ${report.kind}`);
    expect(report.recipients.map((r) => [r.recipient, r.status, r.stage, r.classification.category])).toEqual([
      ['inbox.full@example.org', '5.2.2', 'RCPT', 'quota-issues'],
    ]);
  });

  it('reads a non-standard bounce a person forwarded as an attachment', () => {
    const report = read('forwarded-attached-qmail.eml');
    if (report.kind !== 'bounce') throw new Error(`not a bounce: ${report.kind}`);
    expect(report.recipients.map((r) => [r.recipient, r.status, r.stage, r.classification.category])).toEqual([
      ['gone.away@example.net', '5.1.1', 'RCPT', 'bad-mailbox'],
    ]);
    expect(report.originalMessageId).toBe('m-5000.news@sender.test');
  });

  it('reads a Japanese notice whose EUC-JP bytes are labelled ISO-2022-JP, and its words for an unknown address', () => {
    const report = read('japanese-mislabelled-eucjp.eml');
    if (report.kind !== 'bounce') throw new Error(`not a bounce: ${report.kind}`);
    expect(report.recipients.map((r) => [r.recipient, r.classification.category, r.classification.hard])).toEqual([
      ['no.such.person@example.net', 'bad-mailbox', true],
    ]);
  });

  it('reads recipients whose RFC 3464 field groups run together without an empty line', () => {
    const report = read('postfix-two-recipients.eml');
    if (report.kind !== 'bounce') throw new Error(report.kind);
    expect(
      report.recipients.map((r) => [r.recipient, r.status, r.classification.category, r.classification.hard]),
    ).toEqual([
      ['full@example.com', '5.2.2', 'quota-issues', false],
      ['nobody@example.com', '5.1.1', 'bad-mailbox', true],
    ]);
  });

  it('reads an Amazon SES bounce notification mailed through SNS (JSON, folded inside a string)', () => {
    const report = read('ses-bounce-notification.eml');
    if (report.kind !== 'bounce') throw new Error(report.kind);
    expect(report.report.reportingMta).toBe('a1-2.smtp-out.example.test');
    expect(report.recipients.map((r) => [r.recipient, r.status, r.diagnostic, r.classification.category])).toEqual([
      ['gone@example.com', '5.1.1', '550 5.1.1 user unknown', 'bad-mailbox'],
    ]);
  });
});

describe('RFC 5965 complaints, RFC 3834 auto-replies and other non-bounces', () => {
  const kinds: [string, InboundReport['kind'], string][] = [
    ['arf-abuse.eml', 'complaint', 'abuse annoyed@example.net m-1008.vwx@sender.test'],
    ['jmrp-complaint.eml', 'complaint', 'abuse grumpy@example.com m-1009.yza@sender.test'],
    ['autoreply-out-of-office.eml', 'auto-reply', 'Auto-Submitted: auto-replied'],
    ['autoreply-vacation-subject.eml', 'auto-reply', 'Precedence: auto_reply'],
    ['delivered-report.eml', 'delivery-report', 'happy@example.com delivered'],
    ['not-a-bounce.eml', 'other', ''],
  ];
  it.each(kinds)('%s is a %s', (file, kind, detail) => {
    const report = read(file);
    expect(report.kind).toBe(kind);
    if (report.kind === 'complaint') {
      const f = report.feedback;
      expect(`${f.feedbackType} ${f.recipient} ${f.originalMessageId}`).toBe(detail);
    }
    if (report.kind === 'auto-reply') expect(report.reason).toBe(detail);
    if (report.kind === 'delivery-report') {
      const r = report.report.recipients[0];
      expect(`${r?.recipient} ${r?.action}`).toBe(detail);
    }
  });

  it('finds our VERP id in a complaint through the original envelope sender', () => {
    const report = read('arf-abuse.eml');
    expect(report.verpId).toBe(Number.parseInt('30', 36));
    if (report.kind !== 'complaint') throw new Error(report.kind);
    expect(report.feedback).toMatchObject({
      sourceIp: '203.0.113.10',
      reportedDomain: 'sender.test',
      userAgent: 'ExampleFBL/2.1',
    });
  });
});
