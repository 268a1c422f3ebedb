import { blocklistLevel, SENDER_SCORE_HIGH, SENDER_SCORE_MEDIUM, senderScoreReputation } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { daysBetween, describeBlocklists, describeScore, describeTrust } from './reputation-format.ts';

describe('reputation screens: what a cell says', () => {
  it('S9-039 the Sender Score lines are 80 and 70, and a score is shown with its band', () => {
    expect([SENDER_SCORE_HIGH, SENDER_SCORE_MEDIUM]).toEqual([80, 70]);
    const at = (score: number) =>
      describeScore({ type: 'senderscore', day: '2026-11-24', score, reputation: senderScoreReputation(score) });
    expect([at(80), at(79), at(70), at(69)]).toEqual(['80 (high)', '79 (medium)', '70 (medium)', '69 (low)']);
    expect(describeScore(undefined)).toBe('No score');
  });

  it('blocklists: listed zones by name, else how many were clear; SpamCop only warns', () => {
    const zen = { zone: 'zen.spamhaus.org', listed: true, codes: ['127.0.0.2'], since: null, error: null };
    const spamcop = { zone: 'bl.spamcop.net', listed: true, codes: ['127.0.0.2'], since: null, error: null };
    expect(describeBlocklists([zen, { ...spamcop, listed: false }])).toBe('Listed on zen.spamhaus.org');
    expect(describeBlocklists([{ ...zen, listed: false }])).toBe('Clear on 1 list');
    expect([blocklistLevel(zen), blocklistLevel(spamcop), blocklistLevel({ ...zen, listed: false })]).toEqual([
      'critical',
      'warn',
      'ok',
    ]);
  });

  it('S3-042 trust reads as DNSWL gives it; the chart has one point per UTC day of the period', () => {
    expect(describeTrust({ type: 'dnswl', day: '2026-11-24', listed: true, trust: 'medium' })).toBe(
      'Listed, trust medium',
    );
    expect(describeTrust({ type: 'dnswl', day: '2026-11-24', listed: false, trust: null })).toBe('Not listed');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
