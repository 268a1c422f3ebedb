// The message shapes the composers take, in a leaf module: compose.ts and its fast path compose-simple.ts both
// read them, and compose-simple importing them from compose.ts made the two import each other.

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
