import { expect, it } from 'vitest';
import { classifyBounce } from '../mail/classify/classify.ts';
import { readInboundReport } from '../mail/classify/inbound-report.ts';
import { asRecipientsReply, BOUNCE_TEMPLATES } from './bounce-templates.ts';

/** A published reply, the category its page gives it, and whether the address is gone for good. */
export type PublishedReply = [reply: string, category: string, hard: boolean];

const CODED = /^[245]\d\d[ -]/;

/**
 * Checks each reply; one without a code stands as a report that gave up (action "failed"), as the DSN that carries
 * it would say. Replies with a code are also read back out of the common MTAs' plain-text bounces, three recipients
 * to a report (each with its own reply, folded as the template folds it): each recipient must get the category its
 * bare reply gets in a final report at RCPT TO, so the parser found that recipient's reply and nothing else.
 */
export function checkPublishedReplies(replies: readonly PublishedReply[]): void {
  it.each(replies)('%s -> %s (hard %s)', (text, category, hard) => {
    const reply = CODED.test(text) ? { text } : { text, action: 'failed' };
    const result = classifyBounce(reply);
    expect({ category: result.category, hard: result.hard }).toEqual({ category, hard });
  });

  const coded = replies.filter(([text]) => CODED.test(text) && !/in reply to/i.test(text));
  it.each(Object.keys(BOUNCE_TEMPLATES))('the replies keep their category inside %s bounces', (name) => {
    const template = BOUNCE_TEMPLATES[name] as (typeof BOUNCE_TEMPLATES)[string];
    const wrong: string[] = [];
    for (let start = 0; start < coded.length; start += 3) {
      const group = coded.slice(start, start + 3).map(([text], i) => {
        const recipient = `user${start + i}@dest${i}.example.com`;
        const reply = asRecipientsReply(text, recipient);
        // The templates are final reports about a refusal at RCPT TO: the category the bare reply gets there.
        return {
          recipient,
          reply,
          category: classifyBounce({ text: reply, action: 'failed', stage: 'RCPT' }).category,
        };
      });
      const report = readInboundReport(template(group));
      const count = report.kind === 'bounce' ? report.recipients.length : 0;
      if (count !== group.length) wrong.push(`${group.length} recipients read as ${count} (${report.kind})`);
      for (const entry of group) {
        const found =
          report.kind === 'bounce' ? report.recipients.find((r) => r.recipient === entry.recipient) : undefined;
        if (found?.classification.category !== entry.category)
          wrong.push(`${entry.reply} -> ${found?.classification.category ?? 'not found'} (want ${entry.category})`);
      }
    }
    expect(wrong).toEqual([]);
  });
}
