import type { VettingFormStatus } from '@mailwright/contract';
import { ApiError } from '../../lib/api.ts';

/**
 * Spec 4 and 8: the vetting form's status from what the server answered. A load that succeeded is inprogress, a 401
 * means the form was already sent (submitted), a 404 that there is no such form (invalid); justsubmitted follows a
 * save with finished set. Anything else (the server unreachable) is no status: the screen shows the error.
 */
export function statusFromLoad(error: unknown): VettingFormStatus | null {
  if (error === null || error === undefined) return 'inprogress';
  if (error instanceof ApiError && error.status === 401) return 'submitted';
  if (error instanceof ApiError && error.status === 404) return 'invalid';
  return null;
}

export function statusAfterSave(current: VettingFormStatus, finished: boolean): VettingFormStatus {
  return current === 'inprogress' && finished ? 'justsubmitted' : current;
}
