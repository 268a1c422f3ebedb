import { hasControlCharacter } from './addresses.ts';
import { decodeEncodedWords, headerValue, joinMessage, splitMessage } from './headers.ts';

/** What Mailgun's control headers asked for, and the message without them. */
export type MailgunControls =
  | { ok: true; raw: Buffer; tags: string[]; variables: Record<string, string> | null }
  | { ok: false; field: string; error: string };

export const TAG = 'x-mailgun-tag';
export const VARIABLES = 'x-mailgun-variables';
const MAX_VARIABLE_NAME = 128;
const MAX_VARIABLE_VALUE = 4000;

/**
 * Mailgun's way to tag a message sent over SMTP: `X-Mailgun-Tag` (one tag a field, repeatable) and
 * `X-Mailgun-Variables` (a JSON object). Like Mailgun, they are instructions to us, not part of the message: read
 * here and removed before the message is signed and sent. A message without them comes back as it was.
 */
export function takeMailgunControls(raw: Buffer): MailgunControls {
  const { headers, body } = splitMessage(raw);
  const controls = headers.filter((h) => h.key === TAG || h.key === VARIABLES);
  if (!controls.length) return { ok: true, raw, tags: [], variables: null };
  const tags: string[] = [];
  let variables: Record<string, string> | null = null;
  for (const field of controls) {
    // Clients encode these like any header with quotes or long lines (nodemailer writes RFC 2047 encoded-words).
    const value = decodeEncodedWords(headerValue([field], field.key) ?? '');
    if (field.key === TAG) {
      if (value) tags.push(value);
      continue;
    }
    const parsed = parseVariables(value);
    if (typeof parsed === 'string') return { ok: false, field: 'X-Mailgun-Variables', error: parsed };
    variables = { ...(variables ?? {}), ...parsed };
  }
  const kept = headers.filter((h) => h.key !== TAG && h.key !== VARIABLES);
  return { ok: true, raw: joinMessage(kept, body), tags, variables };
}

/** A JSON object; values that are not strings are kept as their JSON text (Mailgun passes them on as given). */
export function parseVariables(value: string): Record<string, string> | string {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return 'X-Mailgun-Variables must be a JSON object';
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 'X-Mailgun-Variables must be a JSON object';
  const variables: Record<string, string> = {};
  for (const [name, v] of Object.entries(json)) {
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    if (!name || name.length > MAX_VARIABLE_NAME || hasControlCharacter(name) || text.length > MAX_VARIABLE_VALUE) {
      return `X-Mailgun-Variables: names are 1 to ${MAX_VARIABLE_NAME} characters, values at most ${MAX_VARIABLE_VALUE}`;
    }
    variables[name] = text;
  }
  return variables;
}
