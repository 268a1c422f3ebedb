import { expect, it } from 'vitest';
import { classifyBounce } from '../mail/classify/classify.ts';

/** A published reply, the category its page gives it, and whether the address is gone for good. */
export type PublishedReply = [reply: string, category: string, hard: boolean];

/**
 * Checks each reply; one without a code stands as a report that gave up (action "failed"), as the DSN that carries
 * it would say.
 */
export function checkPublishedReplies(replies: readonly PublishedReply[]): void {
  it.each(replies)('%s -> %s (hard %s)', (text, category, hard) => {
    const reply = /^[245]\d\d[ -]/.test(text) ? { text } : { text, action: 'failed' };
    const result = classifyBounce(reply);
    expect({ category: result.category, hard: result.hard }).toEqual({ category, hard });
  });
}
