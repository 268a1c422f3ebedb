import { BLOCK_RULES, FILTER_RULES } from './category-rules-filtering.ts';
import { DIRECTORY_RULES, MAILBOX_RULES } from './category-rules-recipient.ts';
import { ROUTING_RULES } from './category-rules-routing.ts';
import { SENDER_RULES } from './category-rules-sender.ts';
import { rule, type SourcedCategoryRule } from './sourced-rule.ts';

export type { SourcedCategoryRule } from './sourced-rule.ts';

/**
 * Mailwright's default bounce-category rules (seeded into bounce_category_patterns by migrations 0005 and 0011; the
 * pattern route test keeps the seed equal to this list). Rules see `<status>; <reply text>` and the first match wins,
 * so they are ordered by specificity: status codes that name the cause, then phrases that name one fact about the
 * sender, the recipient's mailbox or the message, then what the reply blames without naming a fact (a blocklist, a
 * loop, a rate), and last the words of failures on the way (network, expiry). Case-insensitive, RE2 syntax (no
 * lookaround, no backreferences): they run on the linear-time engine of patterns.ts.
 *
 * Every rule cites where its wording comes from (`from`). Public sources only: RFC 3463/5248 (enhanced status codes),
 * RFC 5321 (reply texts), the receivers' published error pages, the documented defaults of open MTAs and of
 * PowerMTA's bounce-category-patterns, and open rule sets (KumoMTA's classifier rules, node-bounce-handler's list).
 * `learnedFrom` names the families of the development corpus (file-name prefix, e.g. `lhost-exim`) whose samples
 * suggested a wording that no public source gave us: `npm run bench:bounces` switches those rules off when it scores
 * that family (leave-one-family-out), so a rule that only helps its own family shows up there.
 *
 * The groups live in category-rules-*.ts (sender, recipient, filtering, routing); this file only sets their order,
 * which is the order of evidence: a group's position decides which rule wins when two match.
 */
export const DEFAULT_CATEGORY_RULES: readonly SourcedCategoryRule[] = [
  ...SENDER_RULES,
  // The recipient is not in the receiver's directory (before the broad words: "not listed", "blocked", "directory
  // error" mean something else elsewhere), then the recipient's own settings.
  ...DIRECTORY_RULES,
  ...FILTER_RULES,
  ...MAILBOX_RULES,
  ...BLOCK_RULES,
  ...ROUTING_RULES,
];

/**
 * Broad words, consulted only after the operator's rules, the SMTP stage and the specific status codes found nothing:
 * built in rather than seeded, because a pattern list cannot say "after the status code". PowerMTA's default list ends
 * the same way (/spam/, /blocked/, /rejected/ ... matched after the narrower ones).
 */
export const BROAD_RULES: readonly SourcedCategoryRule[] = [
  rule(
    'spam-related',
    'Spam and blocks',
    'PowerMTA default bounce-category-patterns (/spam/, /junk mail/, /blocked/, /unsolicited/)',
    [String.raw`\bspam|junk ?mail|bulk mail|unsolicited|blocked|\bblock\b`],
  ),
  rule(
    'content-related',
    'Content refused',
    'PowerMTA default bounce-category-patterns (/message +content/)',
    // Not the returned message's Content-Type/-Transfer-Encoding headers quoted around a reply.
    [String.raw`\bcontent([^-\w]|$)`],
  ),
  rule(
    'policy-related',
    'Refused by a local policy or filter',
    "PowerMTA default bounce-category-patterns (/rejected/, /denied/ policy-related); RFC 5321's 550 text ('command rejected for policy reasons')",
    ['polic(y|ies)|rejected|refused|denied|not allowed|prohibited|filter|not permitted'],
  ),
];
