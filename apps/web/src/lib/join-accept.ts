import { useSyncExternalStore } from 'react';

/**
 * Spec 2: "the layout holds a join-accept dialog flag". The /join/{token} guest page raises it with the link's token
 * and sends the approver on to the console (through sign-in when needed); the signed-in layout opens the review
 * dialog while it is up. Kept in memory only: a token is a live link and the spec's storage keys do not include it.
 */
export interface JoinAcceptState {
  open: boolean;
  token: string | null;
}

let state: JoinAcceptState = { open: false, token: null };
const listeners = new Set<() => void>();

function update(next: JoinAcceptState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getJoinAccept(): JoinAcceptState {
  return state;
}

/** Raise the flag for the request behind a /join/{token} link. */
export function openJoinAccept(token: string): void {
  update({ open: true, token });
}

/** Lower the flag (the dialog closed, or the request was decided); the token goes with it. */
export function closeJoinAccept(): void {
  update({ open: false, token: null });
}

export function useJoinAccept(): JoinAcceptState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
