import { splitMessage } from '../../mail/message/headers.ts';

export interface ParsedInbound {
  text: string | null;
  html: string | null;
  /** Every header field in order, values unfolded (Mailgun's message-headers). */
  headers: { name: string; value: string }[];
  attachments: { filename: string; content_type: string; size: number }[];
  /** The text without the quoted part of a reply (Mailgun's stripped-text). */
  strippedText: string;
}

/** Reads a received message with mailparser, for the console and for a route's URL forward. */
export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  // Loaded on first use (~12 MB): processes that never parse received mail don't carry it.
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(raw);
  const text = parsed.text ?? null;
  return {
    text,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    headers: splitMessage(raw).headers.map((h) => ({
      name: h.line.slice(0, h.line.indexOf(':')),
      value: h.line
        .slice(h.line.indexOf(':') + 1)
        .replace(/\r\n[ \t]/g, ' ')
        .trim(),
    })),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? 'attachment',
      content_type: a.contentType,
      size: a.size,
    })),
    strippedText: stripQuoted(text ?? ''),
  };
}

/**
 * The new text of a reply: everything before the first quoted line ("> …"), the "On … wrote:" line that introduces
 * it, or a signature separator ("-- ", RFC 3676 4.3).
 */
export function stripQuoted(text: string): string {
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  for (const line of lines) {
    if (line.startsWith('>') || line === '-- ') break;
    kept.push(line);
  }
  while (kept.length && /^\s*$|^On .+wrote:\s*$/.test(kept[kept.length - 1] as string)) kept.pop();
  return kept.join('\n').trim();
}
