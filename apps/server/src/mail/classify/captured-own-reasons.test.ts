import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type OwnReason, readOwnReasons } from '../../../../../scripts/mta-bounces/plan.ts';
import { capturedCases } from '../../test/captured-bounces.ts';

/**
 * Bounces real MTAs wrote about failures of their own, with no remote reply to quote (`capture.sh <mta> --own`,
 * scenarios in `scripts/mta-bounces/own-reasons.json`): a domain that does not exist, a null MX, an MX naming no
 * host, nothing listening, an MX that is the MTA itself, a local command that fails. Each MTA words these its own way
 * (Postfix "Host or domain name not found", Exim "all relevant MX records point to non-existent hosts", Sendmail
 * "Host unknown"): every wording must land in one of the categories the scenario allows, hard or soft as it says.
 */
const root = join(import.meta.dirname, '../../test/fixtures/mta-own-reasons');
const reasons = new Map(readOwnReasons().map((reason) => [reason.id, reason]));
const cases = capturedCases<{ id: string; recipient: string }>(root);

describe('bounces real MTAs wrote about failures of their own (issue 12)', () => {
  it('has captures to check', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  describe.each(cases)('$mta, $form', ({ mta, sent, found }) => {
    it('finds every recipient that bounced', () => {
      expect(sent.filter((s) => !found.has(s.recipient)).map((s) => s.recipient)).toEqual([]);
    });

    it('gives each one a category its scenario allows, hard or soft as the scenario says', () => {
      const wrong: string[] = [];
      for (const s of sent) {
        const scenario = reasons.get(s.id) as OwnReason;
        const reason = scenario.by?.[mta] ?? scenario;
        const got = found.get(s.recipient);
        if (got && (!reason.categories.includes(got.category) || got.hard !== reason.hard))
          wrong.push(`${s.id} -> ${got.category}/${got.hard} (want ${reason.categories.join('|')}/${reason.hard})`);
      }
      expect(wrong).toEqual([]);
    });
  });
});
