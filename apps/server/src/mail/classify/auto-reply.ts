import { decodeWords, type Headers, header } from './mime.ts';

/**
 * RFC 3834 automatic responses (vacation, out-of-office) are ignored rather than read as bounces. Bounces carry
 * "Auto-Submitted: auto-replied" too, so callers test for a delivery report first and only then for an auto-reply.
 */
const AUTO_REPLY_SUBJECT =
  /^[[(]?(auto(matic)?[ -]?(reply|response|antwort|risposta|respuesta|réponse)|automatische antwort|automatisch antwoord|automatyczna odpowied|r[ée]ponse automatique|risposta automatica|respuesta autom[áa]tica|resposta autom[áa]tica|out of (the )?office|away from|away until|on vacation|vacation|abwesenheit|absence|autosvar|自動応答|自動返信|不在)/i;

/** Why the headers mark an automatic reply, or undefined. */
export function autoReplyReason(headers: Headers): string | undefined {
  const autoSubmitted = header(headers, 'auto-submitted')?.toLowerCase();
  if (autoSubmitted?.startsWith('auto-replied')) return 'Auto-Submitted: auto-replied';
  if (header(headers, 'x-autoreply') || header(headers, 'x-autorespond')) return 'X-Autoreply';
  if (/^auto[_-]?reply$/i.test(header(headers, 'precedence') ?? '')) return 'Precedence: auto_reply';
  // vacation(1) marks its answers "Precedence: junk" (mailing lists use "bulk" and "list", so those say nothing).
  if (/^junk$/i.test(header(headers, 'precedence') ?? '')) return 'Precedence: junk';
  if (/^(all|oof|autoreply)/i.test(header(headers, 'x-auto-response-suppress') ?? '') && subjectIsAutoReply(headers)) {
    return 'X-Auto-Response-Suppress';
  }
  if (subjectIsAutoReply(headers)) return 'Subject';
  return undefined;
}

function subjectIsAutoReply(headers: Headers): boolean {
  const subject = decodeWords(header(headers, 'subject') ?? '').trim();
  return AUTO_REPLY_SUBJECT.test(subject);
}
