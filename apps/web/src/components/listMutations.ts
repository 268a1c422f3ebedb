import { type QueryKey, useMutation } from '@tanstack/react-query';
import { notify } from '../lib/store.ts';
import { saveChecked } from './save.ts';
import { invalidateList } from './usePagedList.ts';

/** A save answer: the saved row and the server's own text for it ('URI saved!', 'SMTP pattern saved!', …). */
type Said<T> = T & { message: string };
const said = (answer: { message: string }) => answer.message;

export interface SaveCalls<T, W> {
  create: (body: W) => Promise<Said<T>>;
  update: (id: number, body: W) => Promise<Said<T>>;
  /** The saved row's id field: an update must answer the row it was asked for (spec 5, see saveChecked). */
  idOf: (saved: T) => number;
}

/**
 * Create (`id: null`) or update a row of the list under `key`: the snackbar says the server's `message`, an update
 * checks the saved id, and every page and filter of the list re-fetches (spec 4).
 */
export function useSaveMutation<T, W>(key: QueryKey, calls: SaveCalls<T, W>) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: W }) =>
      id === null
        ? calls.create(body).then((saved) => {
            notify(saved.message);
            return saved;
          })
        : saveChecked(id, () => calls.update(id, body), calls.idOf, said),
    onSuccess: () => invalidateList(key),
  });
}

/**
 * An enable/disable switch's call, checked like an update. Its text is the spec's, exactly ('URI enabled/disabled!',
 * 'Pattern enabled/disabled!'); which way it went is told within that wording, by stressing the word that happened
 * (the row's answered state), never by words added beside it.
 */
export function useToggleMutation<T extends { enabled: boolean }>(
  key: QueryKey,
  toggle: (id: number, enabled: boolean) => Promise<Said<T>>,
  idOf: (saved: T) => number,
) {
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      saveChecked(
        id,
        () => toggle(id, enabled),
        idOf,
        said,
        (saved) => (saved.enabled ? 'enabled' : 'disabled'),
      ),
    onSuccess: () => invalidateList(key),
  });
}

/** Deletes (or ends) one row, says the server's `message` ('URI deleted!', …) and re-fetches the list under `key`. */
export function useRemoveMutation<K>(key: QueryKey, remove: (id: K) => Promise<{ message: string }>) {
  return useMutation({
    mutationFn: remove,
    onSuccess: (result) => {
      notify(result.message);
      return invalidateList(key);
    },
  });
}
