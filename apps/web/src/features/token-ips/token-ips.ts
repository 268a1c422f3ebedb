import { ApiError } from '../../lib/api.ts';

/**
 * Spec 8: "Token IP list 404 empties the list and rethrows". Loads a key's IP allow-list; when the key is gone (404)
 * the shown list is emptied first, then the error goes on to the caller (and the snackbar).
 */
export async function loadTokenIps<T>(load: () => Promise<T>, empty: () => void): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) empty();
    throw error;
  }
}
