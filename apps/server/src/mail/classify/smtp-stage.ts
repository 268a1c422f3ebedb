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
 * followed by a second reply (DATA's "503 Need RCPT", "554 no valid recipients") answered the RCPT TO. A single reply
 * after ">>> DATA" may answer either: it proves nothing.
 */
function pipelinedStage(text: string): SmtpStage | undefined {
  const afterData = text.slice(text.search(/>>> DATA/i));
  const replies = afterData.match(/<<< [245]\d\d/g) ?? [];
  return replies.length >= 2 ? 'RCPT' : undefined;
}
