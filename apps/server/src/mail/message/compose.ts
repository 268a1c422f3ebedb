import MailComposer from 'nodemailer/lib/mail-composer';
import { composeSimple } from './compose-simple.ts';

export interface Mailbox {
  name?: string;
  address: string;
}

export interface Attachment {
  filename: string;
  content: Buffer;
  contentType?: string;
  /** Set for inline images referenced as cid: from the HTML part. */
  cid?: string;
}

/**
 * The one internal shape of a message built from an API call (native JSON, Mailgun form fields, SendGrid JSON).
 * Raw MIME submissions (SMTP, messages.mime) skip it and go straight to intake.
 */
export interface ComposeInput {
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  replyTo?: Mailbox;
  subject: string;
  text?: string;
  html?: string;
  /** Extra headers (Mailgun h:, SendGrid headers); names are validated by the callers. */
  headers: Record<string, string>;
  attachments: Attachment[];
}

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
