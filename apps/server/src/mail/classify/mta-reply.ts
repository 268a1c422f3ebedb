/**
 * The remote server's own reply inside a bounce's human-readable text, read from the public bounce templates of the
 * common MTAs, so that their boilerplate ("This is the mail system at host ...", "This message was created
 * automatically by mail delivery software", "Hi. This is the qmail-send program") is never taken for the reply. Each
 * pattern runs on one recipient's text with its whitespace squashed to single spaces.
 */
const REPLY_PATTERNS: readonly RegExp[] = [
  // Sendmail's report line per failed address: "(reason: 550 5.1.1 <a@b>... User unknown)" (sendmail/deliver.c).
  /\(reason: ([^()]{3,300})\)/i,
  // Exim's transport error: "SMTP error from remote mail server after RCPT TO:<a@b>: 550 ..." (also "after end of
  // data", "after MAIL FROM:<s@d> SIZE=1234", "after pipelined RCPT TO:<a@b>"); older Exims say "remote mailer".
  /SMTP error from remote (?:mail server|mailer) after (?:pipelined )?(?:end of data|initial connection|(?:RCPT TO|MAIL FROM):<[^<>]*>(?: [\w=.-]+)*|[A-Z]{4}(?: [\w.-]+)?)\s*:\s*([245]\d\d\b.*)$/i,
  // Postfix's bounce(8) template: "<a@b>: host mx.example.com[192.0.2.1] said: 550 5.1.1 ... (in reply to RCPT TO
  // command)".
  /\bhost \S+ said: (.+)$/i,
  // qmail-remote's text as qmail-send returns it: "<a@b>: 192.0.2.1 does not like recipient. Remote host said: 550
  // ... Giving up on 192.0.2.1."
  /Remote host said: (.+?)(?: Giving up on \S+?\.?| I'm not going to try again.*)?$/i,
  // Exchange 2007 and later: "Remote Server returned '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found'", or the
  // "#<mx.example.com #5.0.0 smtp; 550 ...> #SMTP#" and "mx.example.com #550 5.1.1 ... ##" forms of the diagnostic
  // information for administrators.
  /Remote Server returned '([^']{3,400})'/i,
  /#<[^#<>]+#[245]\.\d{1,3}\.\d{1,3} smtp; ?([^<>]{3,400})> ?#SMTP#/i,
  /\s#([245]\d\d[ -][245]\.\d{1,3}\.\d{1,3} [^#]{3,400}?) ?##/,
  // Gmail: "The response from the remote server was: 550 ..." / "The error that the other server returned was: 550".
  /(?:response from the remote server was|error that the other server returned was|remote server (?:replied|responded|said)):? ([245]\d\d\b.+)$/i,
  // The DragonFly Mail Agent (dma, net.c): "mx.example.com [192.0.2.1] did not like our RCPT TO: 550 …" (also "MAIL
  // FROM", "final DATA"), under "There was an error delivering your mail to <a@b>.".
  /\bdid not like our [a-z ]{4,12}: ([245]\d\d[ -].+)$/i,
  // OpenSMTPD's "An error has occurred while attempting to deliver a message for the following list of recipients:"
  // then one "a@b: 550 5.1.1 ..." line each, then "Below is a copy of the original message:".
  /(?:^|\s)[^\s<>]+@[^\s<>:]+: ([245]\d\d[ -].+?)(?: Below is a copy of the original message:?.*)?$/i,
];

/**
 * Postfix and qmail name their own reason after the address when no remote server answered: "<a@b>: connect to
 * mx.example.com[192.0.2.1]:25: Connection timed out", "<a@b>: Host or domain name not found. Name service error for
 * name=example.com type=MX: Host not found, try again", "<a@b>: Sorry, I wasn't able to establish an SMTP connection.
 * (#4.4.1)". Taken when a recipient's text starts with its address, or anywhere within those two templates (their
 * "This is the mail system at host" / "This is the qmail-send program" openings), where the text before the address is
 * boilerplate.
 */
const OWN_REASON_TEMPLATE = /This is the mail system at host|This is the qmail-send program/i;
const OWN_REASON = /<[^<>\s]+@[^<>\s]+>(?: \(expanded from <[^<>]+>\))?: (?!host \S+ said:)(.{3,})$/;

/** The remote server's reply (or, for Postfix, its own stated reason) in one recipient's text; undefined if none. */
export function remoteReply(text: string): string | undefined {
  const flat = text.replace(/\s+/g, ' ').trim();
  for (const pattern of REPLY_PATTERNS) {
    const reply = pattern.exec(flat)?.[1]?.trim();
    if (reply) return reply;
  }
  const transcript = transcriptReply(flat);
  if (transcript) return transcript;
  const own = OWN_REASON.exec(flat);
  if (own && (own.index === 0 || OWN_REASON_TEMPLATE.test(flat))) return own[1]?.trim();
  return undefined;
}

const OCTAL_RUN = /(?:\\[0-3][0-7]{2})+/g;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Exim writes the bytes of a reply it cannot print as backslash-octal escapes (its string_printing()), so a UTF-8
 * reply from a Chinese or Korean server reaches the bounce as "550 \347\224\250…": each run of escapes that is valid
 * UTF-8 is read back as the text it was; anything else stays as written.
 */
export function unescapeOctalUtf8(text: string): string {
  return text.replace(OCTAL_RUN, (run) => {
    const bytes = Uint8Array.from(run.slice(1).split('\\'), (octal) => Number.parseInt(octal, 8));
    if (bytes.every((byte) => byte < 0x80)) return run;
    try {
      return strictUtf8.decode(bytes);
    } catch {
      return run;
    }
  });
}

/**
 * Courier (and Sendmail without its "(reason: …)" line) shows the refusal in a session transcript: ">>> RCPT
 * TO:<a@b>" then "<<< 550 5.1.1 …", a multi-line reply as several "<<< 550-…" lines. The reply is the first refusal
 * and what follows it, without the markers.
 */
function transcriptReply(flat: string): string | undefined {
  const sent = flat.indexOf('>>> ');
  // A reason stated before the transcript (Sendmail V5's "554 <a@b>... 550 Host unknown") is the recipient's own; a
  // transcript after it is another host's session.
  if (sent < 0 || /(^|\s)[45]\d\d[ -]/.test(flat.slice(0, sent))) return undefined;
  const refusal = /<<< [45]\d\d[ -]/.exec(flat.slice(sent));
  if (!refusal) return undefined;
  return flat
    .slice(sent + refusal.index)
    .replace(/(^|\s)<<< /g, '$1')
    .trim();
}

/**
 * The whole of a multi-line reply whose report kept only its first line. Sendmail writes "Diagnostic-Code: smtp;
 * 550-5.7.1 [192.0.2.1] The IP you're using to send mail is not authorized to" and "(reason: 550-5.7.1 …)", the
 * hyphen after the code saying more lines followed, and shows them all in its transcript ("<<< 550-5.7.1 …" up to
 * "<<< 550 5.7.1 …"): those lines, joined, are the reply.
 */
export function wholeMultilineReply(reply: string, text: string): string {
  const first = /^([245]\d\d)-/.exec(reply);
  if (!first) return reply;
  const lines = text.split(/\r?\n/).map((line) => line.replace(/^\s*<<<\s*/, '').trim());
  const start = lines.findIndex((line) => line.startsWith(reply.trim()));
  if (start < 0) return reply;
  const whole: string[] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith(first[1] as string)) break;
    whole.push(line);
    if (line[3] !== '-') return whole.join(' ');
  }
  return reply;
}
