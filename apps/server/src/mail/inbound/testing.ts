import nodemailer from 'nodemailer';

/** Mails a report to the inbound MX from the null sender, as a remote MTA returns a bounce (nodemailer). */
export async function mailReport(port: number, to: string, raw: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail({ envelope: { from: '', to: [to] }, raw });
  } finally {
    transport.close();
  }
}

/** An RFC 3464 report about one recipient, with the original's headers (text/rfc822-headers). */
export function dsn(options: { to: string; recipient: string; action: string; status: string; diagnostic: string }) {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.dest.test>',
    `To: ${options.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="BOUND"',
    '',
    '--BOUND',
    'Content-Type: text/plain',
    '',
    'I am sorry to have to inform you that your message could not be delivered.',
    '',
    '--BOUND',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.dest.test',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    `Action: ${options.action}`,
    `Status: ${options.status}`,
    `Diagnostic-Code: smtp; ${options.diagnostic}`,
    '',
    '--BOUND',
    'Content-Type: text/rfc822-headers',
    '',
    'From: app@acme.test',
    `To: ${options.recipient}`,
    'Subject: List hygiene',
    '',
    '--BOUND--',
    '',
  ].join('\r\n');
}
