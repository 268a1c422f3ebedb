import type { BounceCategory } from '@mailwright/contract/constants';
import { BROAD_RULES, DEFAULT_CATEGORY_RULES } from './default-rules.ts';
import { compilePattern } from './patterns.ts';
import type { CategoryRule } from './rule-types.ts';
import { type SmtpStage, stageFromText } from './smtp-stage.ts';
import { categoryFromReplyCode, categoryFromStatus, codeFromText, statusFromText } from './status-codes.ts';

/** A remote reply (or a DSN's Status + Diagnostic-Code) to classify. */
export type BounceReply = {
  code?: number;
  status?: string;
  text: string;
  /** A DSN's action: "failed" means the reporting MTA gave up for good, even when it names no code. */
  action?: string;
  /** The SMTP command the reply answered, when known (the delivery engine knows it; DSN texts often say it). */
  stage?: SmtpStage;
  /** The status was guessed (by a DSN rule from the words), not written by the remote side: it proves nothing. */
  statusInferred?: boolean;
  /**
   * What the rest of the report says about this recipient (its human-readable text): read only for words about the
   * queue ("will be retried until it is 5 days old"), which keep a delay report an expiry.
   */
  context?: string;
};

export type Classification = {
  category: BounceCategory;
  /**
   * A hard bounce means the ADDRESS is permanently undeliverable (no such mailbox or domain): it feeds suppression.
   * A permanent refusal for any other reason (spam block, policy, content, quota) is a soft bounce: the address
   * itself is fine and a later message may well be delivered.
   */
  hard: boolean;
  /** The reply refuses this message for good (5xx / 5.x.x): stop retrying it, whatever the category. */
  permanent: boolean;
  status?: string;
  /** The text rule that decided the category; absent when the status code or the fallback did. */
  rule?: CategoryRule;
  /** What decided: an operator rule, the SMTP stage, the status code, the built-in broad words, or nothing. */
  source: 'rule' | 'stage' | 'status' | 'words' | 'none';
};

/** Categories that say the address (or its domain) does not exist or accepts no mail. */
const ADDRESS_CATEGORIES: ReadonlySet<BounceCategory> = new Set([
  'bad-mailbox',
  'bad-domain',
  'invalid-mailbox',
  'unreachable-mx',
]);

/**
 * Rules see one line, `<status>; <reply text>` (PowerMTA style), e.g. `5.1.1; 550 5.1.1 <a@b>: User unknown`, so a
 * rule can test the enhanced status (`^5\.1\.1;`) as well as the words. Without a status the line starts with `; `.
 * Multi-line replies are joined, their repeated "550-5.7.1" line prefixes dropped.
 */
export function ruleSubject(status: string | undefined, text: string): string {
  return `${status ?? ''}; ${joinReplyLines(text).replace(POSTFIX_STAGE_SUFFIX, '')}`;
}

/**
 * Postfix's bounce template ends the remote reply with "(in reply to RCPT TO command)": the stage is read from it
 * (smtp-stage.ts), but rules see the reply as the remote server sent it, so a rule for a reply that says nothing more
 * ("550 <a@b>... Rejected", "550 Sender denied") also matches it inside Postfix's report.
 */
const POSTFIX_STAGE_SUFFIX = / ?\(in reply to [a-z ]{3,30} command\)\.?$/i;

/**
 * A multi-line reply as one line: the reply starting the text ("550-5.7.1 a 550-5.7.1 b 550 5.7.1 c"), or the first
 * "550-" continuation marker inside a report that quotes the reply under its own words (dma's "did not like our
 * final DATA: 550-5.7.1 …"); every later line's repeated code prefix is dropped.
 */
export function joinReplyLines(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const prefix =
    /^([245]\d\d)[ -]([245]\.\d{1,3}\.\d{1,3} )?/.exec(flat) ?? /\s([245]\d\d)-([245]\.\d{1,3}\.\d{1,3} )?/.exec(flat);
  if (!prefix) return flat;
  const start = prefix.index + prefix[0].length;
  const again = new RegExp(` ${prefix[1]}[ -]${prefix[2] ? prefix[2].replace(/\./g, '\\.') : ''}`, 'g');
  return flat.slice(0, start) + flat.slice(start).replace(again, ' ');
}

/**
 * The category, in this order: the operator's text rules (first match by position); what the SMTP stage says
 * (see stageCategory); the specific RFC 3463 codes; a few broad words (spam, blocked, rejected...); the remaining
 * status codes (x.7.x policy); `other`.
 */
export function classifyBounce(
  reply: BounceReply,
  rules: readonly CategoryRule[] = DEFAULT_CATEGORY_RULES,
  broadRules: readonly CategoryRule[] = BROAD_RULES,
): Classification {
  const text = reply.text ?? '';
  const status = reportStatus(reply, text);
  const code = reply.code ?? codeFromText(text);
  const permanent = isPermanent(code, status) || (code === undefined && !status && reply.action === 'failed');
  const subject = ruleSubject(status, text);
  const rule = text.trim() ? matchCategoryRule(subject, rules) : undefined;
  const smtpStage = reply.stage ?? stageFromText(text);
  const stage = rule ? undefined : stageCategory(smtpStage);
  const decided = rule
    ? {
        category: refineRuleCategory(rule.category, smtpStage, replyStatus(reply, text, status), permanent, code),
        source: 'rule' as const,
      }
    : stage
      ? { category: stage, source: 'stage' as const }
      : fallbackCategory(status, code, text.trim() ? subject : '', broadRules, reply.action === 'failed');
  const category = stillTrying(reply, permanent)
    ? notYetExpired(decided.category, status, text, reply.context ?? '')
    : decided.category;
  const { source } = decided;
  const hard =
    typeof rule?.hard === 'boolean' && category === rule.category
      ? rule.hard
      : permanent && ADDRESS_CATEGORIES.has(category);
  const result: Classification = { category, hard, permanent, source };
  if (status) result.status = status;
  if (rule) result.rule = rule;
  return result;
}

export function matchCategoryRule(subject: string, rules: readonly CategoryRule[]): CategoryRule | undefined {
  for (const rule of rules) {
    if (rule.enabled === false) continue;
    if (compilePattern(rule.pattern)?.test(subject)) return rule;
  }
  return undefined;
}

/**
 * An address the remote server calls unknown is a bad mailbox, unless the same reply says otherwise (the evidence
 * rule of docs/list-hygiene.md): a security/policy status of its own (RFC 3463 x.7.x), or a refusal that came only
 * after DATA (the recipient had been accepted, so a filter judged the message). Those are a filter speaking
 * (providers hide a recipient's own filter behind "user unknown"): a policy refusal that does not suppress the address
 * for good. Without such evidence the words win: a mailbox status (x.2.x) with no stage known is not read as a
 * filter, because on replies from unseen receivers that guess was wrong more often than right. A status guessed by a
 * DSN rule proves nothing either way. A DNS failure that is only temporary does not prove the domain is gone.
 */
function refineRuleCategory(
  category: BounceCategory,
  stage: SmtpStage | undefined,
  reportedStatus: string | undefined,
  permanent: boolean,
  code: number | undefined,
): BounceCategory {
  // A refusal of MAIL FROM is about the reverse-path (RFC 5321 4.1.1.2): "no such user" or "domain not found" there
  // names our sender, not the recipient.
  if (stage === 'MAIL' && (ADDRESS_CATEGORIES.has(category) || category === 'inactive-mailbox'))
    return 'invalid-sender';
  if (category === 'bad-domain' && !permanent) return 'routing-errors';
  const mailbox = category === 'bad-mailbox' || category === 'invalid-mailbox';
  if (mailbox && replySaysFilter(stage, reportedStatus, code)) return 'policy-related';
  return category;
}

/**
 * qmail's trailing "(#5.7.1)": qmail-smtpd gives every refused recipient that status ("553 sorry, that domain isn't
 * in my list of allowed rcpthosts (#5.7.1)"), and the recipient-check patches that copy its style refuse unknown
 * users with it too ("553 sorry, no mailbox here by that name (#5.7.1)"): a house code, not the policy evidence an
 * RFC 2034 status in front of the text is.
 */
const QMAIL_STATUS_TRAILER = /\(#[45]\.\d{1,3}\.\d{1,3}\b[^)]*\)/g;

/**
 * The status the remote reply itself gave (its own "550 5.1.1"), else the report's; none when a DSN rule guessed it.
 * A report's Status line may be the relay's summary of a reply that says something else.
 */
function replyStatus(reply: BounceReply, text: string, status: string | undefined): string | undefined {
  if (reply.statusInferred) return undefined;
  const ownText = text.replace(QMAIL_STATUS_TRAILER, ' ');
  const own = statusFromText(ownText);
  if (own || ownText === text) return own ?? status;
  // A relay's Status line copied from the trailer says no more than the trailer.
  const reported = validStatus(reply.status);
  return reported && !text.includes(`#${reported}`) ? reported : undefined;
}

/**
 * After DATA, "550" (RFC 5321: mailbox unavailable) says the accepted mailbox refuses this message; "554" (transaction
 * failed) is the receiver that checks recipients only at the end of data saying why, e.g. Yahoo's "554 delivery
 * error: dd This user doesn't have a yahoo.com account" for an address that does not exist.
 */
function replySaysFilter(stage: SmtpStage | undefined, reportedStatus: string | undefined, code?: number): boolean {
  return (stage === 'DATA' && code !== 554) || /^[45]\.7\./.test(reportedStatus ?? '');
}

/**
 * What the remote side could judge when it refused without saying why (RFC 5321 3.3): at the greeting or HELO only
 * our IP (a block), at MAIL FROM only our sender.
 */
function stageCategory(stage: SmtpStage | undefined): BounceCategory | undefined {
  if (stage === 'CONNECT' || stage === 'HELO') return 'spam-related';
  if (stage === 'MAIL') return 'invalid-sender';
  return undefined;
}

type Fallback = { category: BounceCategory; source: Classification['source'] };

/**
 * A report that gave up ("failed") on a transient network status (4.4.x: no answer, bad connection, routing) gave up
 * because the queue lifetime ran out: RFC 3464 2.3.3 says "failed" is final, and the status says why it kept trying.
 */
function fallbackCategory(
  status: string | undefined,
  code: number | undefined,
  subject: string,
  broadRules: readonly CategoryRule[],
  failed: boolean,
): Fallback {
  if (failed && status && /^4\.4\.\d+$/.test(status)) return { category: 'message-expired', source: 'status' };
  const specific = status && !/^\d\.(0\.\d+|7\.\d+)$/.test(status) ? categoryFromStatus(status) : undefined;
  if (specific) return { category: specific, source: 'status' };
  const broad = subject ? matchCategoryRule(subject, broadRules)?.category : undefined;
  if (broad) return { category: broad, source: 'words' };
  const byCode = categoryFromReplyCode(code);
  if (byCode) return { category: byCode, source: 'status' };
  const general = categoryFromStatus(status);
  return general ? { category: general, source: 'status' } : { category: 'other', source: 'none' };
}

/**
 * Whether the sender of the reply is still trying: a delay report (RFC 3464 2.3.3 "delayed"), or a transient reply
 * seen live (no report, no permanent code). A message still being tried has not expired.
 */
function stillTrying(reply: BounceReply, permanent: boolean): boolean {
  return reply.action === 'delayed' || (reply.action === undefined && !permanent);
}

/** A network failure named in words (RFC 3463 X.4.1 no answer, X.4.2 bad connection, as MTAs word them). */
const NETWORK_WORDS =
  /timed? ?out|connection (was )?(refused|reset|dropped|closed|lost)|lost connection|(unable|failed) to connect|could(n't| not) connect|(host|network) (is )?(unreachable|not reachable)|no route to host|read error|broken pipe|socket error|did not accept our requests to connect/i;
/** Words about the queue's time or the retries ("will be retried for 2 more days", "after 5 attempts", "expired"). */
const QUEUE_WORDS =
  /\b(retr(y|ied|ies|ying)|queue[ds]?|expired?|too old|giv(e|ing) up|gave up|(for|after|within|in) (the last )?\d+ ?(days?|hours?|minutes?|seconds?|attempts|retries))\b/i;

/**
 * Expiry versus network errors (docs/list-hygiene.md, order of evidence): a network failure named in a report that
 * gave up is an expiry (only the queue lifetime makes an MTA give up on a transient error), so the default rules read
 * "Connection timed out" as message-expired, and words about the queue or the retries (in the reply or anywhere the report speaks of the
 * recipient: a delay warning's "will be retried until it is 5 days old") mean expiry whatever else the text names.
 * While the message is still being tried, a network failure named alone is that network error: RFC 3463
 * X.4.1 "No answer from host", X.4.2 "Bad connection", other X.4.x routing. X.4.7 "Delivery time expired" stays an
 * expiry whatever the action says.
 */
function notYetExpired(
  category: BounceCategory,
  status: string | undefined,
  text: string,
  context: string,
): BounceCategory {
  if (category !== 'message-expired' || /^[45]\.4\.7$/.test(status ?? '')) return category;
  if (!NETWORK_WORDS.test(text) || QUEUE_WORDS.test(`${text} ${context}`)) return category;
  const byStatus = status && /^[45]\.4\.\d+$/.test(status) ? categoryFromStatus(status) : undefined;
  if (byStatus && byStatus !== 'message-expired') return byStatus;
  if (/lost connection|connection (was )?(dropped|reset|closed|lost)|broken pipe|read error/i.test(text))
    return 'bad-connection';
  return 'no-answer-from-host';
}

/**
 * The status to read: the remote reply's own enhanced code when it has one, keeping the report's class (the report
 * knows whether it gave up, the reply says why). The reporting MTA's Status is its own summary: "5.0.0" (RFC 3463
 * X.0.0, undefined) from many relays, "5.1.1" from Sendmail for any 5xx at RCPT TO whatever the reply said, or a
 * status a DSN rule guessed. Kept only when it speaks of the delivery as a whole (X.4.x: the route, the network, the
 * time in the queue, which the reporter saw and the last reply may not say) or when the reply has no specific code.
 */
function reportStatus(reply: BounceReply, text: string): string | undefined {
  const reported = validStatus(reply.status);
  const own = statusFromText(text);
  if (!reported) return own;
  if (!own || /^[45]\.0\.0$/.test(own) || /^[45]\.4\.\d+$/.test(reported)) return reported;
  return `${reported[0]}${own.slice(1)}`;
}

function validStatus(status: string | undefined): string | undefined {
  return status && /^[245]\.\d{1,3}\.\d{1,3}$/.test(status.trim()) ? status.trim() : undefined;
}

/** RFC 3463 class 5 / RFC 5321 5yz are permanent; a status class wins over the reply code when both are present. */
function isPermanent(code: number | undefined, status: string | undefined): boolean {
  if (status?.startsWith('5.')) return true;
  if (status?.startsWith('4.')) return false;
  return code !== undefined && code >= 500 && code < 600;
}
