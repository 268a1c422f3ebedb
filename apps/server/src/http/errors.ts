import type { FieldError } from '@mailwright/contract';
import type { z } from 'zod';

/** An error the API answers as-is: {message} or {message: 'Various errors', errors}. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  constructor(status: number, message: string, errors?: FieldError[]) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string) => new HttpError(400, message);

/** Field errors for a form (spec 5: 400 and 402 are handed back to the form). */
export function fieldErrors(errors: FieldError[], status = 400): HttpError {
  return new HttpError(status, 'Various errors', errors);
}
export const fieldError = (field: string, message: string, status = 400) => fieldErrors([{ field, message }], status);

export function fromZodError(error: z.ZodError, prefix?: string): HttpError {
  return fieldErrors(
    error.issues.map((issue) => ({
      field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || (prefix ?? 'body'),
      message: issue.message,
    })),
  );
}
