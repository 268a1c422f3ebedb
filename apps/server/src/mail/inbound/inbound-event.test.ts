import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readInboundReport } from '../classify/inbound-report.ts';
import { inboundEventFor, type ReadReport } from './inbound-event.ts';
import { dsn } from './testing.ts';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/bounces/${name}`, import.meta.url), 'utf8');

function eventOf(raw: string, recipient: string) {
  const report = readInboundReport(raw) as ReadReport;
  const answer = inboundEventFor(report, recipient);
  return 'event' in answer ? answer.event : answer;
}

describe('what a report mailed to a VERP address records', () => {
  it('an RFC 3464 Action: delayed is a queued event (a delay: no bounce category), not a message-expired softbounce', () => {
    const report = dsn({
      to: 'b-1-x@mwb.acme.test',
      recipient: 'slow@example.org',
      action: 'delayed',
      status: '4.4.1',
      diagnostic: 'Connection timed out',
    });
    expect(eventOf(report, 'slow@example.org')).toEqual({
      event: 'queued',
      category: null,
      reply: '4.4.1 Connection timed out',
    });
    expect(eventOf(fixture('delayed-warning.eml'), 'slow@example.org')).toMatchObject({
      event: 'queued',
      category: null,
    });
  });

  it('Action: failed is a hardbounce; an Amazon SES Transient bounce (no action) a softbounce', () => {
    const failed = dsn({
      to: 'b-1-x@mwb.acme.test',
      recipient: 'gone@example.org',
      action: 'failed',
      status: '5.1.1',
      diagnostic: '550 5.1.1 User unknown',
    });
    expect(eventOf(failed, 'gone@example.org')).toMatchObject({ event: 'hardbounce', category: 'bad-mailbox' });
    const transient = fixture('ses-bounce-notification.eml')
      .replace('\\"bounceType\\":\\"Permanent\\"', '\\"bounceType\\":\\"Transient\\"')
      .replace('\\"action\\":\\"failed\\",', '');
    expect(transient).toContain('Transient');
    expect(eventOf(transient, 'gone@example.com')).toMatchObject({ event: 'softbounce' });
  });
});
