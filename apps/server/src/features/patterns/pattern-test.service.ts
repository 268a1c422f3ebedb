import type { PatternTestRequest } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { type BounceReply, classifyBounce } from '../../mail/classify/classify.ts';
import { type DsnRecipient, parseBounce, readMessage } from '../../mail/classify/dsn.ts';
import { matchDsnRule } from '../../mail/classify/dsn-rules.ts';
import { classifyRecipient } from '../../mail/classify/inbound-report.ts';
import { header } from '../../mail/classify/mime.ts';
import { loadPatternRules, type PatternRules } from '../../mail/classify/pattern-rules.repo.ts';
import { decideSmtpAction } from '../../mail/classify/smtp-action.ts';
import { codeFromText } from '../../mail/classify/status-codes.ts';
import * as repo from './patterns.repo.ts';
import { CATEGORY_LIST, DSN_LIST, SMTP_LIST } from './patterns.service.ts';

/**
 * The test endpoints run a sample through the enabled rules exactly as the engine does, and say which rule matched
 * (`match`) or why none did (`message`). A sample is a single reply ("550 5.1.1 User unknown") or a whole bounce
 * message; from a message the first failed recipient is tested.
 */
type Sample = { recipient?: DsnRecipient; reply: BounceReply; standard: boolean };

function looksLikeMessage(text: string): boolean {
  if (!/^[\w-]+:[^\n]*\r?\n/.test(text) || !/\r?\n\r?\n/.test(text)) return false;
  const headers = readMessage(text).headers;
  return ['from', 'subject', 'content-type', 'received', 'return-path'].some(
    (name) => header(headers, name) !== undefined,
  );
}

function readSample(request: PatternTestRequest, rules: PatternRules): Sample | { message: string } {
  if (!looksLikeMessage(request.text)) {
    const reply: BounceReply = { text: request.text.trim() };
    if (request.code) reply.code = request.code;
    if (request.status) reply.status = request.status;
    return { reply, standard: false };
  }
  const report = parseBounce(request.text, rules.dsn);
  const recipient =
    report.recipients.find((r) => r.action === 'failed' || r.action === 'delayed') ?? report.recipients[0];
  if (!recipient)
    return { message: 'The message names no recipient that failed: it is not a bounce this engine can read.' };
  const reply: BounceReply = { text: recipient.diagnostic || recipient.detail || '', action: recipient.action };
  if (recipient.status) reply.status = recipient.status;
  if (recipient.code) reply.code = recipient.code;
  return { recipient, reply, standard: report.standard };
}

async function rowOf<A>(db: Db, list: { table: repo.PatternTable; toApi(row: repo.PatternRow): A }, id?: number) {
  const row = id === undefined ? undefined : await repo.findPattern(db, list.table, id);
  return row ? list.toApi(row) : undefined;
}

export async function testSmtpPatterns(db: Db, request: PatternTestRequest) {
  const rules = await loadPatternRules(db);
  const sample = readSample(request, rules);
  if ('message' in sample) return { message: sample.message, action: 'retry' as const, backoff_minutes: null };
  const decision = decideSmtpAction(sample.reply, rules.smtp);
  const base = { action: decision.action, backoff_minutes: decision.backoffMinutes ?? null, ...recipientOf(sample) };
  const match = await rowOf(db, SMTP_LIST, decision.rule?.id);
  if (match) return { ...base, match };
  const replyCode = sample.reply.code ?? codeFromText(sample.reply.text);
  const code = replyCode ? `${replyCode} ` : '';
  return {
    ...base,
    message: `No SMTP pattern matches: a ${code}reply is ${decision.action === 'bounce' ? 'bounced (5xx)' : 'retried (4xx or no code)'} by its reply class.`,
  };
}

export async function testDsnPatterns(db: Db, request: PatternTestRequest) {
  const rules = await loadPatternRules(db);
  const sample = readSample(request, rules);
  if ('message' in sample) return { message: sample.message, status: null, action: 'failed' };
  const recipient = sample.recipient;
  if (recipient && sample.standard && !recipient.dsnRule) {
    return {
      ...recipientOf(sample),
      status: recipient.status ?? null,
      action: recipient.action,
      message: `The message is an RFC 3464 report: its own fields decide (${recipient.status ?? 'no status'}, ${recipient.action}); DSN patterns are not needed.`,
    };
  }
  const rule = recipient ? recipient.dsnRule : matchDsnRule(sample.reply.text, rules.dsn);
  const match = await rowOf(db, DSN_LIST, rule?.id);
  if (match && rule) return { ...recipientOf(sample), match, status: rule.status, action: rule.action };
  const status = recipient?.status ?? sample.reply.status ?? null;
  return {
    ...recipientOf(sample),
    status,
    action: recipient?.action ?? 'failed',
    message: status
      ? `No DSN pattern matches: the text carries its own status ${status}.`
      : 'No DSN pattern matches and the text carries no status code.',
  };
}

const SOURCE_TEXT = {
  stage: 'the SMTP command the server refused decides',
  status: 'the RFC 3463 status code decides',
  words: 'built-in broad words decide',
  none: 'no status code either: other',
  rule: '',
} as const;

export async function testCategoryPatterns(db: Db, request: PatternTestRequest) {
  const rules = await loadPatternRules(db);
  const sample = readSample(request, rules);
  if ('message' in sample) return { message: sample.message, category: 'other' as const, hard: false, status: null };
  const result = sample.recipient
    ? classifyRecipient(sample.recipient, rules.category)
    : classifyBounce(sample.reply, rules.category);
  const base = { ...recipientOf(sample), category: result.category, hard: result.hard, status: result.status ?? null };
  const match = await rowOf(db, CATEGORY_LIST, result.rule?.id);
  if (match && result.rule && result.rule.category !== result.category)
    return { ...base, match, message: refinedText(result.rule.category, result.category) };
  if (match) return { ...base, match };
  return {
    ...base,
    message: `No bounce-category pattern matches: ${SOURCE_TEXT[result.source]} (${result.category}).`,
  };
}

/** Why the engine files a matched rule's reply under another category (classify.ts refineRuleCategory). */
function refinedText(ruled: string, category: string): string {
  if (category === 'routing-errors')
    return `The rule says ${ruled}, but the failure is only temporary: filed as routing-errors, the domain may come back.`;
  return `The rule says ${ruled}, but the reply itself says a filter refused it (an x.7.x status, an x.2.0/x.2.1 "mailbox exists" status not in reply to RCPT TO, or a refusal after DATA): filed as ${category}, and the address is not suppressed for good.`;
}

function recipientOf(sample: Sample): { recipient?: string } {
  return sample.recipient?.recipient ? { recipient: sample.recipient.recipient } : {};
}
