/**
 * A refusal at intake, carrying both answers: the SMTP reply (RFC 5321 reply code + RFC 3463 enhanced status) and
 * the HTTP status with the field it is about, so SMTP and the HTTP APIs refuse the same things the same way.
 */
export class IntakeError extends Error {
  readonly smtpCode: number;
  readonly enhanced: string;
  readonly httpStatus: number;
  readonly field: string | undefined;
  constructor(message: string, options: { smtpCode: number; enhanced: string; httpStatus: number; field?: string }) {
    super(message);
    this.smtpCode = options.smtpCode;
    this.enhanced = options.enhanced;
    this.httpStatus = options.httpStatus;
    this.field = options.field;
  }
}

export const domainNotFound = (domain: string) =>
  new IntakeError(`Domain ${domain} not found`, { smtpCode: 550, enhanced: '5.7.1', httpStatus: 404 });

export const domainNotVerified = (domain: string) =>
  new IntakeError(`Domain ${domain} is not verified and cannot send yet`, {
    smtpCode: 550,
    enhanced: '5.7.1',
    httpStatus: 403,
  });

/** A sandbox domain while the operator turned the sandbox off (SANDBOX=off): refused, never sent elsewhere. */
export const sandboxOff = (domain: string) =>
  new IntakeError(`Domain ${domain} is a sandbox domain and the sandbox is off on this server`, {
    smtpCode: 550,
    enhanced: '5.7.1',
    httpStatus: 403,
  });

export const foreignFrom = (from: string, domain: string) =>
  new IntakeError(`From address ${from} does not belong to the domain ${domain}`, {
    smtpCode: 553,
    enhanced: '5.7.1',
    httpStatus: 400,
    field: 'from',
  });

export const badField = (field: string, message: string) =>
  new IntakeError(message, { smtpCode: 550, enhanced: '5.6.0', httpStatus: 400, field });

export const badRecipient = (address: string) =>
  new IntakeError(`Invalid recipient address: ${address}`, {
    smtpCode: 553,
    enhanced: '5.1.3',
    httpStatus: 400,
    field: 'to',
  });

export const tooLarge = (limit: number) =>
  new IntakeError(`Message exceeds the size limit of ${limit} bytes`, {
    smtpCode: 552,
    enhanced: '5.3.4',
    httpStatus: 413,
  });

/** Something on our side failed (database, suppression check): the client should retry later. */
export const temporaryFailure = (what: string) =>
  new IntakeError(`${what}; try again later`, { smtpCode: 451, enhanced: '4.3.0', httpStatus: 503 });
