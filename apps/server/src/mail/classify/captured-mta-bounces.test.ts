import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PlanEntry, readPlan, type Sent } from '../../../../../scripts/mta-bounces/plan.ts';
import { capturedCases } from '../../test/captured-bounces.ts';
import { classifyBounce } from './classify.ts';
import type { SmtpStage } from './smtp-stage.ts';
import { statusFromText } from './status-codes.ts';

/**
 * Bounces written by real MTAs (Postfix, Exim, Sendmail, OpenSMTPD, Courier and dma installed from Debian), about replies a local
 * sink gave them as planned: `scripts/mta-bounces/` captures them (see its README). For every recipient the MTA was
 * handed, some bounce must name it, and the parser must give it the category and hard/soft its bare reply gets at
 * that stage: the MTA's own wording, folding and layout around the reply must change nothing.
 */
const root = join(import.meta.dirname, '../../test/fixtures/mta-bounces');
const plan = readPlan();
const STAGES: Record<PlanEntry['stage'], SmtpStage> = { rcpt: 'RCPT', data: 'DATA', mail: 'MAIL' };
/** OpenSMTPD 6.8 writes "a@b: <reply>" and no word of the command the reply answered: only the reply's words count. */
const SAYS_NO_STAGE = new Set(['opensmtpd']);
const cases = capturedCases<Sent>(root);

/**
 * The bare reply as one line (continuation lines joined), classified as a final report at its stage. A reply without
 * a specific status of its own ("550 Error in processing", "550 5.0.0 ...") takes the one the MTA reported for it:
 * Sendmail, for one, reports 5.1.1 for any 550 at RCPT TO, and that is the report's word, not a parsing slip.
 */
function bareClassification(entry: PlanEntry, reported: string | undefined, namesStage: boolean) {
  const text = entry.reply.split('\n').join(' ');
  const own = statusFromText(text);
  const status = own && !/^[45]\.0\.0$/.test(own) ? undefined : reported;
  return classifyBounce({
    text,
    action: 'failed',
    ...(namesStage ? { stage: STAGES[entry.stage] } : {}),
    ...(status ? { status } : {}),
  });
}

describe('bounces captured from real MTAs (issue 12)', () => {
  it('has captures to check', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  describe.each(cases)('$mta, $form', ({ mta, sent, found }) => {
    it('finds every recipient it was handed in some bounce', () => {
      expect(sent.filter((s) => !found.has(s.recipient)).map((s) => s.recipient)).toEqual([]);
    });

    it('gives each recipient the category and hard/soft of its bare reply', () => {
      const wrong: string[] = [];
      for (const s of sent) {
        const entry = plan.find((e) => e.id === s.id) as PlanEntry;
        const got = found.get(s.recipient);
        const want = bareClassification(entry, got?.status, !SAYS_NO_STAGE.has(mta));
        if (got && (got.category !== want.category || got.hard !== want.hard))
          wrong.push(`${s.stage} ${entry.reply} -> ${got.category}/${got.hard} (want ${want.category}/${want.hard})`);
      }
      expect(wrong).toEqual([]);
    });
  });
});
