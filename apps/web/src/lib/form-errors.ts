import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/**
 * Spec 5: a 400 or 402 answer to a create or update hands its field errors back to the form. The snackbar
 * ('Various errors' or the server's message) comes from the mutation cache, so a field the form lacks is still seen.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 402)) return;
  for (const { field, message } of error.fieldErrors) {
    setError(field as Path<T>, { type: 'server', message });
  }
}
