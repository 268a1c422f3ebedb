import { leafParts, type MimePart, parseHeaders } from './mime.ts';
import { unescapeOctalUtf8 } from './mta-reply.ts';

/**
 * Reading bounces that are not RFC 3464 reports (qmail, Exim, old Sendmail, Exchange 2003, webmail providers): the
 * human-readable text names the failed addresses, each followed (or preceded) by the remote server's words.
 */

/** Lines that start the returned copy of the original message in the common MTAs' bounce texts. */
const ORIGINAL_STARTS = [
  /^--.*\b(copy of (the|your) (original )?message|original message|unsent message|returned message|message headers follow|original message headers|returned mail|header of the original|headers of your message)/i,
  /^-{2,}\s*(Below this line|The header of|Original|Returned|Unsent)/i,
  /^(Original message follows|Message headers follow|Original message headers|The original message headers are|Included is a copy of|Below is a copy of the original|Headers? of the original message|Text of the returned message)/i,
  /^\s*-{3,}\s*(Original|Returned|Forwarded|Unsent)/i,
];

/** A header line at the left margin after an empty line: the quoted original begins there. */
const HEADER_BLOCK_START =
  /^(Return-Path|Received|DKIM-Signature|Message-ID|Date|From|To|Subject|X-[\w-]+|ARC-[\w-]+|Authentication-Results|MIME-Version|Content-Type|Delivered-To):\s?\S/i;

export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?(?:<\/\1>|$)/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|tr|li|h\d)>/gi, '\n')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');
}

/** The bounce's own explanation: its first text part, cut where the returned original starts. */
export function humanReadableText(root: MimePart): string {
  return cutOriginal(firstText(root));
}

/** The first text part of the bounce (its explanation plus, for inline bounces, the quoted original). */
export function firstText(root: MimePart): string {
  const leaves = leafParts(root).filter((p) => p.type.startsWith('text/') && p.type !== 'text/rfc822-headers');
  const plain = leaves.find((p) => p.type === 'text/plain' && p.text.trim());
  const html = leaves.find((p) => p.type === 'text/html');
  return plain?.text ?? (html ? stripHtml(html.text) : '');
}

/** Where a mail client starts a forwarded message inline (Gmail, Thunderbird, Outlook, Apple Mail). */
// Outlook separates a forwarded message with a rule of underscores above its From/Sent/To/Subject lines.
const FORWARD_MARK =
  /^[ \t>]*(-{2,}\s*(Forwarded message|Original Message)\s*-{2,}|Begin forwarded message:|_{10,})[ \t]*$/im;
const FORWARDED_HEADER = /^[ \t>]*[\w-]+:\s/;

/**
 * A bounce someone forwarded inline: the forwarded message's header lines (From, Subject, To...) and its text, when the
 * text part has a forwarding mark. The report itself is there, not in the forwarder's note above the mark.
 */
export function inlineForwarded(text: string): MimePart | undefined {
  const mark = FORWARD_MARK.exec(text);
  if (!mark) return undefined;
  const lines = text
    .slice(mark.index + mark[0].length)
    .replace(/^\s*\n/, '')
    .split('\n');
  let end = 0;
  while (end < lines.length && FORWARDED_HEADER.test(lines[end] ?? '')) end++;
  if (end === 0) return undefined;
  const head = lines.slice(0, end).map((line) => line.replace(/^[ \t>]*/, '').replace(/\*\*/g, ''));
  const body = unquote(lines.slice(end).join('\n')).replace(/^\s*\n/, '');
  return { headers: parseHeaders(head.join('\n')), type: 'text/plain', params: {}, text: body, parts: [] };
}

/**
 * Text quoted with "> " (RFC 3676 4.5 quote marks, as mail clients quote a message they forward or reply to) loses one
 * quote level when most of its non-empty lines carry one; other text is returned as it is.
 */
export function unquote(text: string): string {
  const lines = text.split('\n');
  const filled = lines.filter((line) => line.trim() !== '');
  const quoted = filled.filter((line) => /^[ \t]*>/.test(line));
  if (filled.length === 0 || quoted.length * 2 <= filled.length) return text;
  return lines.map((line) => line.replace(/^[ \t]*> ?/, '')).join('\n');
}

export function cutOriginal(text: string): string {
  return splitOriginal(text).explanation;
}

/** The explanation and, when the bounce quotes it inline (Exim, qmail), the returned original's header block. */
export function splitOriginal(text: string): { explanation: string; quoted?: string } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let previousBlank = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (ORIGINAL_STARTS.some((re) => re.test(line))) {
      return { explanation: lines.slice(0, i).join('\n'), quoted: quotedHeaders(lines.slice(i + 1)) };
    }
    if (previousBlank && i > 2 && HEADER_BLOCK_START.test(line) && HEADER_BLOCK_START.test(lines[i + 1] ?? '')) {
      return { explanation: lines.slice(0, i).join('\n'), quoted: quotedHeaders(lines.slice(i)) };
    }
    previousBlank = line.trim() === '';
  }
  return { explanation: text };
}

function quotedHeaders(lines: string[]): string {
  const start = lines.findIndex((line) => line.trim() !== '');
  const rest = lines.slice(Math.max(start, 0)).map((line) => line.replace(/^ {1,3}(?=[\w-]+:)/, ''));
  const end = rest.findIndex((line) => line.trim() === '');
  return rest.slice(0, end < 0 ? rest.length : end).join('\n');
}

const ADDRESS = /(?<![\w.!#$%&'*+/=?^`{|}~-])[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const NEVER_RECIPIENTS = /^(mailer-daemon|double-bounce)@/i;
/** "To: a@b" / "From: a@b" lines summarise the original message (Exchange): used only when nothing else names one. */
const SUMMARY_LINE = /^\s*(to|cc|from|reply-to|sender|return-path|message-id)\s*:/i;

/** `original`: the address the recipient was expanded from (an alias or forward), when the text names one. */
export type TextRecipient = { recipient: string; text: string; original?: string };

/**
 * Each address the text names (apart from `exclude`: our own sender and the bounce's author), with the lines that
 * concern it: from the line naming it up to the line naming the next address. Lines before the first address that
 * carry a reply code (Sendmail transcripts put "<<< 550 ..." before the address) are kept for the first one.
 */
export function extractTextRecipients(text: string, exclude: ReadonlySet<string>): TextRecipient[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const aliases = new Map<string, number>();
  let firstLine = addressLines(lines, exclude, { summaries: false, echoes: false }, aliases);
  if (firstLine.size === 0) firstLine = addressLines(lines, exclude, { summaries: false, echoes: true }, aliases);
  if (firstLine.size === 0) firstLine = addressLines(lines, exclude, { summaries: true, echoes: true }, aliases);
  // Exim's "an undisclosed address (generated from a@b)": only the address it was expanded from is named.
  if (firstLine.size === 0) firstLine = aliases;
  const ordered = [...firstLine.entries()].sort((a, b) => a[1] - b[1]);
  const withOriginal = (entry: TextRecipient): TextRecipient => {
    const original = originalOf(entry.recipient, ordered, aliases);
    return original && original !== entry.recipient ? { ...entry, original } : entry;
  };
  // One recipient: the whole explanation is about it, whether the reason comes before or after its address.
  if (ordered.length === 1) return [withOriginal({ recipient: ordered[0]?.[0] ?? '', text: squash(lines.join('\n')) })];
  const mentions = lines.map((line) =>
    ordered.filter(([address]) => line.toLowerCase().includes(address)).map(([a]) => a),
  );
  return ordered.map(([recipient, start], i) => {
    // The block ends where another recipient is named (some bounces repeat the list in a second language).
    let end = start + 1;
    while (end < lines.length && !(mentions[end] ?? []).some((address) => address !== recipient)) end++;
    const from = i === 0 ? replyLinesBefore(lines, start) : start;
    return withOriginal({ recipient, text: squash(lines.slice(from, end).join('\n')) });
  });
}

/**
 * The address a recipient was expanded from: Sendmail's "(expanded from: a@b)" on the line after it, Postfix's "<x@y>
 * (expanded from <a@b>)" and Exim's "(generated from a@b)": the alias named at or after the recipient's line and
 * before the next recipient's. The address the message was sent to, so the one a sender recognises.
 */
function originalOf(
  recipient: string,
  ordered: readonly [string, number][],
  aliases: ReadonlyMap<string, number>,
): string | undefined {
  const index = ordered.findIndex(([address]) => address === recipient);
  const start = ordered[index]?.[1] ?? 0;
  const next = ordered[index + 1]?.[1] ?? Number.POSITIVE_INFINITY;
  for (const [alias, line] of aliases) if (line >= start && line < next) return alias;
  return undefined;
}

/** One line with single spaces, Exim's octal escapes read back: how a recipient's text is kept and matched. */
export function squash(text: string): string {
  return unescapeOctalUtf8(text.replace(/\s+/g, ' ').trim());
}

/**
 * Where each address is first named. An address inside a remote server's reply or a transcript line ("550 5.1.1
 * <a@b>: Recipient address rejected", "after RCPT TO:<a@b>:") is the server echoing an address, often an alias's
 * target rather than the recipient the report is about: such echoes count only when nothing else names an address.
 */
function addressLines(
  lines: string[],
  exclude: ReadonlySet<string>,
  take: { summaries: boolean; echoes: boolean },
  aliases: Map<string, number>,
): Map<string, number> {
  const firstLine = new Map<string, number>();
  lines.forEach((line, index) => {
    if (!take.summaries && SUMMARY_LINE.test(line)) return;
    // A line indented deeper than the one before continues it (Postfix folds a long reply onto indented lines).
    const previous = lines[index - 1] ?? '';
    const continued = previous.trim() !== '' && indent(line) > indent(previous) ? `${previous} ` : '';
    for (const match of line.matchAll(ADDRESS)) {
      const address = textAddress(match[0], line[(match.index ?? 0) + match[0].length]);
      if (exclude.has(address) || NEVER_RECIPIENTS.test(address) || firstLine.has(address)) continue;
      const before = line.slice(0, match.index ?? 0);
      if (CONTACT_MENTION.test(before.slice(-40)) || /mailto:$/i.test(before)) continue;
      if (ALIAS_MENTION.test(before.slice(-40))) {
        if (!aliases.has(address)) aliases.set(address, index);
        continue;
      }
      if (isSenderMention(before) || (!take.echoes && REPLY_ECHO.test(continued + before))) continue;
      firstLine.set(address, index);
    }
  });
  return firstLine;
}

const indent = (line: string) => /^\s*/.exec(line)?.[0].length ?? 0;

/**
 * An address as the text wrote it, without what only surrounds it: a sentence's final dot, quotes around it
 * ("addressed to 'a@b',"), Exchange's X.400 domain-defined attribute ("dda:SMTP=a@b").
 */
function textAddress(written: string, after: string | undefined): string {
  let address = written
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^(smtp|rfc-?822)=/, '');
  if (address.startsWith("'") && after === "'") address = address.slice(1);
  return address;
}

/** "(expanded from: a@b)" (Sendmail), "(expanded from <a@b>)" (Postfix), "(ultimately generated from a@b)" (Exim). */
const ALIAS_MENTION = /\((ultimately )?(expanded|generated) from:?\s*<?$/i;

/**
 * "please contact <postmaster@…>", "System Contact: postmaster@…": the reporting site's own contact address (a
 * "mailto:" link, e.g. the returned message's List-Unsubscribe, names no recipient either).
 */
const CONTACT_MENTION = /\bcontact:?\s*<?$/i;

/** Text before an address that puts it inside a reply ("550 …", "<<< 550 …", "said: 550 …") or an SMTP command. */
const REPLY_ECHO = /(?:^|[\s:(])(?:<<<\s*)?[245]\d\d[ -]|>>>|\b(?:rcpt to|said):/i;

/** "MAIL FROM:<a@b>", "envelope-from", "from a@b", "generated from a@b" name a sender or an alias, not a recipient. */
const SENDER_MENTION =
  /(mail from:?\s*<?|envelope-from\s*<?|sender:?\s*<?|^\s*from:?\s+<?|return-path:?\s*<?|reply-to:?\s*<?|(generated|forwarded|redirected) (from|by)\s+<?)$/i;

function isSenderMention(before: string): boolean {
  return SENDER_MENTION.test(before.slice(-40));
}

function replyLinesBefore(lines: string[], start: number): number {
  let from = start;
  while (from > 0 && /^\s*(?:(<<<|>>>)\s*)?[45]\d\d[\s-]/.test(lines[from - 1] ?? '')) from--;
  return from;
}
