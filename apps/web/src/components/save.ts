import { MSG } from '@mailwright/contract';
import { ApiError } from '../lib/api.ts';
import { notify } from '../lib/store.ts';

/**
 * Spec 5, on save: "the returned id must match the requested id; otherwise 'Whoops someting unexpected happend
 * while saving!'". Runs an update, checks the id the server answered and says 'Saved succesfully!' (or the
 * resource's own spec text, e.g. 'SMTP pattern saved!', when `successMessage` gives one). The mismatch is thrown as an
 * error, so the mutation cache shows it in the red snackbar like any failed save.
 */
export async function saveChecked<T>(
  requestedId: number | string,
  save: () => Promise<T>,
  idOf: (saved: T) => number | string,
  successMessage?: (saved: T) => string,
  /** A word of the message to stress (see Notice.emphasis). */
  emphasisOf?: (saved: T) => string,
): Promise<T> {
  const saved = await save();
  if (String(idOf(saved)) !== String(requestedId)) throw new ApiError(200, MSG.saveIdMismatch);
  notify(successMessage?.(saved) || MSG.savedSuccessfully, emphasisOf?.(saved));
  return saved;
}
