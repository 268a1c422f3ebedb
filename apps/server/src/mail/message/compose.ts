import MailComposer from 'nodemailer/lib/mail-composer';
import type { ComposeInput } from './compose-input.ts';
import { composeSimple } from './compose-simple.ts';

/** Builds the RFC 5322 message. File paths and URLs are never read: attachments come as bytes only. */
export async function composeMessage(input: ComposeInput): Promise<Buffer> {
  const simple = composeSimple(input);
  if (simple) return simple;
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    cc: input.cc,
    // Bcc is never written into the message; the recipients still get it through the envelope.
    replyTo: input.replyTo,
    subject: input.subject,
    text: input.text,
    html: input.html,
    headers: input.headers,
    attachments: input.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
      cid: a.cid,
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
    xMailer: false,
  });
  return composer.compile().build();
}

/** Every envelope recipient of a composed message: to, cc and bcc. */
export const envelopeRecipients = (input: Pick<ComposeInput, 'to' | 'cc' | 'bcc'>) =>
  [...input.to, ...input.cc, ...input.bcc].map((m) => m.address);
