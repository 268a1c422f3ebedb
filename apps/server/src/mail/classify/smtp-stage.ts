/**
 * The SMTP stage a refusal came at, read from the words MTAs put around it. The stage tells what the remote side had
 * judged when it refused: at the greeting only our IP, at MAIL FROM our sender, at RCPT TO the recipient, and at DATA
 * (after the recipient was accepted) the message itself.
 */
export const SMTP_STAGES = ['CONNECT', 'HELO', 'MAIL', 'RCPT', 'DATA'] as const;
export type SmtpStage = (typeof SMTP_STAGES)[number];

const STAGE_WORDS: readonly [RegExp, SmtpStage][] = [
  // Postfix: "(in reply to end of DATA command)" (or BDAT, RFC 3030 CHUNKING), "refused to talk to me" (the 4xx/5xx
  // greeting). Exim: "SMTP error from remote mail server after [pipelined] end of data / RCPT TO / MAIL FROM". qmail-remote:
  // "failed on DATA command", "failed after I sent the message", "my name was rejected" (HELO).
  [
    /in reply to (end of )?(data|bdat) command|after (pipelined )?(end of )?data\b|did not like our (final )?data|failed on data command|failed after i sent the message|\[(data|body)\]/i,
    'DATA',
  ],
  // Yahoo tags the command ("[RCPT_TO]"), X3 names it ("SMTP:RCPT host"), Postfix's smtpd refuses recipients at RCPT TO
  // only ("Recipient address rejected"), Sun Messaging Server says "has rejected address".
  [
    /in reply to rcpt to command|after (pipelined )?rcpt to|does not like recipient|did not like our rcpt|\[rcpt_to\]|\bsmtp:rcpt\b|recipient address rejected|has rejected (the )?address/i,
    'RCPT',
  ],
  [
    /in reply to mail from command|after (pipelined )?mail from|sender was rejected|did not like our mail from|\[mail_from\]/i,
    'MAIL',
  ],
  [/in reply to (helo|ehlo) command|after (helo|ehlo)|my name was rejected|\[(helo|ehlo)\]/i, 'HELO'],
  [/refused to talk to me|after initial connection|greeting failed|\[connect\]/i, 'CONNECT'],
];

export function stageFromText(text: string): SmtpStage | undefined {
  const paired = transcriptStage(text);
  if (paired !== undefined) return paired ?? undefined;
  // Sendmail transcripts list the commands sent (">>> MAIL From", ">>> RCPT To") and the replies ("<<< 550 ...").
  const sent = [...text.matchAll(/>>> (MAIL FROM|RCPT TO|HELO|EHLO|DATA)/gi)].map((m) => (m[1] ?? '').toUpperCase());
  const last = sent.at(-1);
  if (last === 'MAIL FROM') return 'MAIL';
  if (last === 'RCPT TO') return 'RCPT';
  if (last === 'HELO' || last === 'EHLO') return 'HELO';
  if (last === 'DATA') return pipelinedStage(text);
  return STAGE_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

/**
 * With PIPELINING (RFC 2920) RCPT TO and DATA go out together and their replies come back in order, so a refusal
 * followed by a second reply (DATA's "503 Need RCPT", "554 no valid recipients") answered the RCPT TO, unless the first
 * reply is DATA's "354". A lone reply after ">>> DATA" answered DATA or the content that followed it: Sendmail follows
 * it with its own "554 5.0.0 Service unavailable" for the message (a refused recipient gets "<a@b>... User unknown"),
 * Courier names RCPT TO when that was refused, as the real binaries write them (src/test/fixtures/mta-bounces). Unless
 * that lone reply is DATA's own complaint that no recipient was left ("503 RCPT first", "no valid recipients"): then
 * the recipients were refused earlier, in lines the report does not show.
 */
function pipelinedStage(text: string): SmtpStage | undefined {
  const afterData = text.slice(text.search(/>>> DATA/i));
  // Final reply lines only: "<<< 550-5.7.1 …" continuation lines belong to the reply that ends with "<<< 550 ".
  const replies = afterData.match(/<<< [2345]\d\d(?!-)/g) ?? [];
  // A "354" (go ahead, RFC 5321 4.3.2) means the recipients were accepted and the content sent: the refusal that
  // follows judged the message.
  if (replies[0] === '<<< 354') return replies.length >= 2 ? 'DATA' : undefined;
  if (replies.length >= 2) return 'RCPT';
  if (replies.length === 0 || NO_RECIPIENT_LEFT.test(afterData)) return undefined;
  return 'DATA';
}

const NO_RECIPIENT_LEFT = /<<< 503\b|no valid recipients|need rcpt|rcpt first|no recipients/i;

const COMMAND_STAGE: Record<string, SmtpStage> = {
  MAIL: 'MAIL',
  RCPT: 'RCPT',
  DATA: 'DATA',
  BDAT: 'DATA',
  '.': 'DATA',
  HELO: 'HELO',
  EHLO: 'HELO',
  LHLO: 'HELO',
};

/**
 * The command the first refusal in a session transcript answered (Sendmail, Courier and others write ">>> command"
 * for what they sent and "<<< reply" for what came back). Replies come in the order of the commands, pipelined or
 * not (RFC 5321 4.1; RFC 2920 3.1), so each final reply line answers the earliest unanswered command, and a reply
 * before any command answers the greeting. `null`: a transcript whose refusal cannot be paired for sure (commands
 * sent together and fewer replies shown); undefined: no pairable transcript at all.
 */
function transcriptStage(text: string): SmtpStage | null | undefined {
  const pending: string[] = [];
  let greeted = false;
  const pieces = [...text.matchAll(/(>>>|<<<)\s*([^<>\n]*(?:<[^<>\n]*>[^<>\n]*)*)/g)];
  // Only a transcript shown from the start of a transaction pairs for sure: replies alone (a recipient's block cut out
  // of a longer transcript) say nothing, and Sendmail shows a pipelined batch by its last command (">>> DATA" standing
  // for MAIL, RCPT and DATA sent together), which pipelinedStage reads instead.
  const first = pieces.find(([, arrow]) => arrow === '>>>')?.[2]?.trim() ?? '';
  if (!/^(MAIL|EHLO|HELO|LHLO)\b/i.test(first)) return undefined;
  for (let i = 0; i < pieces.length; i++) {
    const [, arrow, rest = ''] = pieces[i] ?? [];
    if (arrow === '>>>') {
      pending.push((/^(\.|[A-Za-z]{4})/.exec(rest.trim())?.[1] ?? '').toUpperCase());
      continue;
    }
    const reply = /^([2-5])\d\d([ -]|$)/.exec(rest.trim());
    if (!reply || reply[2] === '-') continue;
    const command = pending.shift() ?? (greeted ? undefined : 'CONNECT');
    greeted = true;
    if (reply[1] !== '4' && reply[1] !== '5') continue;
    const laterReply = pieces.slice(i + 1).some(([, later]) => later === '<<<');
    if (pending.length > 0 && !laterReply) return null;
    return command === 'CONNECT' ? 'CONNECT' : command ? (COMMAND_STAGE[command] ?? null) : null;
  }
  return undefined;
}
