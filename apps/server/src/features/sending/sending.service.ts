import type { Deps } from '../../deps.ts';
import { fieldError, HttpError } from '../../http/errors.ts';
import type { MessageSource } from '../../mail/intake/intake.repo.ts';
import { type AcceptResult, intakeFor, type TrackingOverride } from '../../mail/intake/intake.service.ts';
import { IntakeError } from '../../mail/intake/intake-error.ts';
import { hasControlCharacter, parseMailbox, parseMailboxList } from '../../mail/message/addresses.ts';
import { composeMessage, envelopeRecipients } from '../../mail/message/compose.ts';
import type { ComposeInput, Mailbox } from '../../mail/message/compose-input.ts';
import type { SendingTokenUser } from '../tokens/token-auth.ts';

/** Options every send API maps onto (Mailgun o:/v:, SendGrid categories/custom_args/send_at, native fields). */
export interface SendOptions {
  tags: string[];
  variables: Record<string, string> | null;
  testmode: boolean;
  deliverAt: Date | null;
  tracking?: TrackingOverride;
  /** A seed test's message (never set from a client's request). */
  seedTest?: boolean;
  /** The template the content was rendered from (issue 13). */
  template?: { name: string; tag: string } | undefined;
}

export interface SendTarget {
  source: MessageSource;
  user: SendingTokenUser;
  /** The domain named in the URL (Mailgun), or null: the From address decides. */
  domainName: string | null;
}

/** Builds the message from its parts and hands it to intake. */
export async function sendComposed(deps: Deps, target: SendTarget, input: ComposeInput, options: SendOptions) {
  // As the console API's validation does (http/input-guard.ts): the composer would encode a NUL and send it on.
  const withNul = (['subject', 'text', 'html'] as const).find((field) => input[field]?.includes('\u0000'));
  if (withNul) throw fieldError(withNul, 'Must not contain a NUL character');
  const raw = await composeMessage(input);
  return submit(deps, target, raw, envelopeRecipients(input), options);
}

/** Hands a ready MIME message (Mailgun's messages.mime) to intake with the given envelope recipients. */
export function sendMime(deps: Deps, target: SendTarget, raw: Buffer, recipients: string[], options: SendOptions) {
  return submit(deps, target, raw, recipients, options);
}

async function submit(
  deps: Deps,
  target: SendTarget,
  raw: Buffer,
  recipients: string[],
  options: SendOptions,
): Promise<AcceptResult> {
  const intake = await intakeFor(deps);
  try {
    return await intake.accept({
      source: target.source,
      customerId: target.user.customerId,
      domainId: target.user.domainId,
      domainName: target.domainName,
      raw,
      recipients,
      tags: options.tags,
      variables: options.variables,
      ...(options.template ? { template: options.template } : {}),
      testmode: options.testmode,
      deliverAt: options.deliverAt,
      ...(options.tracking ? { tracking: options.tracking } : {}),
      ...(options.seedTest ? { seedTest: true } : {}),
    });
  } catch (error) {
    if (!(error instanceof IntakeError)) throw error;
    throw error.field
      ? fieldError(error.field, error.message, error.httpStatus)
      : new HttpError(error.httpStatus, error.message);
  }
}

/** "Name <a@b>, c@d" (or several such values) as mailboxes, by the one address grammar; anything else is a field error. */
export function parseMailboxes(field: string, values: readonly string[]): Mailbox[] {
  return values.flatMap((value) => {
    const parsed = parseMailboxList(value);
    if (!parsed.ok) throw fieldError(field, `The address ${parsed.error}`);
    return parsed.mailboxes;
  });
}

/** Exactly one mailbox ("Name <a@b>" or "a@b"), as From and Reply-To hold. */
export function parseOneMailbox(field: string, value: string): Mailbox {
  const parsed = parseMailbox(value);
  if (!parsed.ok) throw fieldError(field, `The address ${parsed.error}`);
  return parsed.mailbox;
}

/** Text for a header (subject, file name, content type): refused with a line break or another control character. */
export function checkHeaderText(field: string, value: string): string {
  if (hasControlCharacter(value, { allowTab: true })) {
    throw fieldError(field, 'Must not contain line breaks or control characters');
  }
  return value;
}

// Headers the message builder writes itself, or that only we may set. Reply-To and Sender hold addresses: they come
// from their own fields (reply_to, h:Reply-To), read with the address grammar, never verbatim.
const RESERVED_HEADERS = new Set([
  'from',
  'reply-to',
  'sender',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'dkim-signature',
  'return-path',
  'feedback-id',
]);

/** Custom headers: RFC 5322 field names (printable ASCII but ':'), values on one line without control characters,
 * none of the reserved ones. */
export function checkCustomHeaders(field: string, headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[\x21-\x39\x3b-\x7e]{1,76}$/.test(name)) throw fieldError(field, `Invalid header name: ${name}`);
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw fieldError(field, `The ${name} header cannot be set this way`);
    if (hasControlCharacter(value, { allowTab: true })) {
      throw fieldError(field, `The ${name} header value must be on one line, without control characters`);
    }
  }
  return headers;
}
