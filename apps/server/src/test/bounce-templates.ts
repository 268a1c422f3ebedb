import { statusFromText } from '../mail/classify/status-codes.ts';

/**
 * Bounces as the common MTAs write them (Postfix bounce(8)'s default template, Exim's "Mail delivery failed",
 * Sendmail's "Returned mail" with its session transcript, qmail-send's "Hi. This is the qmail-send program", and an
 * RFC 3464 report), each naming one remote reply per recipient at RCPT TO. Tests put published replies inside them to
 * check that the parser finds each recipient's own reply however the template wraps it.
 */
export type TemplateEntry = { recipient: string; reply: string };

const head = (subject: string, extraHeaders = '') =>
  `From: MAILER-DAEMON@mail.example.net\nTo: sender@example.org\nSubject: ${subject}\nDate: Tue, 24 Nov 2026 10:00:00 +0000\n${extraHeaders}\n`;

/** Postfix folds its report lines near 76 columns with a four-space indent. */
function fold(text: string, width = 76, indent = '    '): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join(`\n${indent}`);
}

/** The Status field a reporting MTA writes for a reply: its own enhanced code, else the class's generic one. */
const statusOf = (reply: string) => statusFromText(reply) ?? (reply.startsWith('4') ? '4.0.0' : '5.0.0');

export const BOUNCE_TEMPLATES: Record<string, (entries: readonly TemplateEntry[]) => string> = {
  postfix: (entries) =>
    `${head('Undelivered Mail Returned to Sender')}This is the mail system at host mail.example.net.\n\nI'm sorry to have to inform you that your message could not\nbe delivered to one or more recipients. It's attached below.\n\n                   The mail system\n\n${entries
      .map((e, i) =>
        fold(
          `<${e.recipient}>: host mx${i}.example.com[192.0.2.${i + 1}] said: ${e.reply} (in reply to RCPT TO command)`,
        ),
      )
      .join('\n\n')}\n`,
  exim: (entries) =>
    `${head('Mail delivery failed: returning message to sender')}This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its\nrecipients. This is a permanent error. The following address(es) failed:\n\n${entries
      .map(
        (e, i) =>
          `  ${e.recipient}\n    host mx${i}.example.com [192.0.2.${i + 1}]\n    SMTP error from remote mail server after RCPT TO:<${e.recipient}>:\n    ${e.reply}`,
      )
      .join('\n')}\n`,
  sendmail: (entries) =>
    `${head('Returned mail: see transcript for details')}The original message was received at Tue, 24 Nov 2026 10:00:00 GMT\nfrom localhost [127.0.0.1]\n\n   ----- The following addresses had permanent fatal errors -----\n${entries
      .map((e) => `<${e.recipient}>\n    (reason: ${e.reply})`)
      .join('\n')}\n\n   ----- Transcript of session follows -----\n${entries
      .map((e, i) => `... while talking to mx${i}.example.com.:\n>>> RCPT To:<${e.recipient}>\n<<< ${e.reply}`)
      .join('\n')}\n`,
  // RFC 3464: a multipart/report whose per-recipient fields carry the reply as a folded Diagnostic-Code.
  dsn: (entries) =>
    `${head('Delivery Status Notification (Failure)', 'MIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status; boundary="b1"\n')}--b1\nContent-Type: text/plain\n\nDelivery to the following recipients failed permanently:\n\n${entries
      .map((e) => `     ${e.recipient}`)
      .join('\n')}\n\n--b1\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mail.example.net\n${entries
      .map(
        (e, i) =>
          `\nFinal-Recipient: rfc822; ${e.recipient}\nAction: failed\nStatus: ${statusOf(e.reply)}\nRemote-MTA: dns; mx${i}.example.com\nDiagnostic-Code: smtp; ${fold(e.reply, 60)}\n`,
      )
      .join('')}\n--b1--\n`,
  qmail: (entries) =>
    `${head('failure notice')}Hi. This is the qmail-send program at mail.example.net.\nI'm afraid I wasn't able to deliver your message to the following addresses.\nThis is a permanent error; I've given up. Sorry it didn't work out.\n\n${entries
      .map(
        (e, i) =>
          `<${e.recipient}>:\n192.0.2.${i + 1} does not like recipient.\nRemote host said: ${e.reply}\nGiving up on 192.0.2.${i + 1}.\n`,
      )
      .join('\n')}\n--- Below this line is a copy of the message.\n`,
};

/**
 * The reply as the recipient's own: addresses in it become the recipient's, a sender placeholder (s@...) becomes the
 * report's addressee, as in a real report.
 */
export function asRecipientsReply(reply: string, recipient: string): string {
  return reply
    .replace(/\bs@[\w.-]+/g, 'sender@example.org')
    .replace(/(?<![\w.+-])(?!sender@)[\w.+-]+@[\w-]+(\.[\w-]+)+/g, recipient);
}
