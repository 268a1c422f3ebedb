import type { Deps } from '../../deps.ts';
import { fieldError, HttpError } from '../../http/errors.ts';
import type { MessageSource } from '../../mail/intake/intake.repo.ts';
import { type AcceptResult, intakeFor, type TrackingOverride } from '../../mail/intake/intake.service.ts';
import { IntakeError } from '../../mail/intake/intake-error.ts';
import { parseAddressList } from '../../mail/message/addresses.ts';
import { type ComposeInput, composeMessage, envelopeRecipients, type Mailbox } from '../../mail/message/compose.ts';
import type { SendingTokenUser } from '../tokens/token-auth.ts';

/** Options every send API maps onto (Mailgun o:/v:, SendGrid categories/custom_args/send_at, native fields). */
export interface SendOptions {
  tags: string[];
  variables: Record<string, string> | null;
  testmode: boolean;
  deliverAt: Date | null;
  tracking?: TrackingOverride;
}

export interface SendTarget {
  source: MessageSource;
  user: SendingTokenUser;
  /** The domain named in the URL (Mailgun), or null: the From address decides. */
  domainName: string | null;
}

/** Builds the message from its parts and hands it to intake. */
export async function sendComposed(deps: Deps, target: SendTarget, input: ComposeInput, options: SendOptions) {
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
      testmode: options.testmode,
      deliverAt: options.deliverAt,
      ...(options.tracking ? { tracking: options.tracking } : {}),
    });
  } catch (error) {
    if (!(error instanceof IntakeError)) throw error;
    throw error.field
      ? fieldError(error.field, error.message, error.httpStatus)
      : new HttpError(error.httpStatus, error.message);
  }
}

/** "Name <a@b>, c@d" (or a list of them) as mailboxes; a value that holds no address is a field error. */
export function parseMailboxes(field: string, values: readonly string[]): Mailbox[] {
  const boxes = values.flatMap((value) => parseAddressList(value));
  const blank = values.some((v) => v.trim() && !parseAddressList(v).length);
  if (blank) throw fieldError(field, `${field} holds no valid address`);
  return boxes.map((b) => (b.name ? { name: b.name, address: b.address } : { address: b.address }));
}

// Headers the message builder writes itself, or that only we may set.
const RESERVED_HEADERS = new Set([
  'from',
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

/** Custom headers: RFC 5322 field names (printable ASCII but ':'), values on one line, none of the reserved ones. */
export function checkCustomHeaders(field: string, headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[\x21-\x39\x3b-\x7e]{1,76}$/.test(name)) throw fieldError(field, `Invalid header name: ${name}`);
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw fieldError(field, `The ${name} header cannot be set this way`);
    if (/[\r\n]/.test(value)) throw fieldError(field, `The ${name} header value must be on one line`);
  }
  return headers;
}
