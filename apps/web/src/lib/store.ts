import { DEFAULT_THEME, type Session, STORAGE_KEYS, THEMES, type ThemeName } from '@mailwright/contract';
import { useSyncExternalStore } from 'react';
import { readStored, removeStored, writeStored } from './storage.ts';

/** A message for a snackbar; the id tells a new message from the same text shown again. */
export interface Notice {
  id: number;
  message: string;
  /**
   * A word of the message to stress, e.g. which way a switch went in the spec's 'Pattern enabled/disabled!': the
   * spec's text stays as it is, nothing is added beside it (issue 19).
   */
  emphasis?: string;
}

/** The domain the domain-scoped screens work on (spec 4: remembered per customer); the API addresses it by did. */
export interface WorkingDomain {
  did: number;
  name: string;
}

/**
 * The console's own state (ARCHITECTURE 6): server data lives in TanStack Query, this holds only what the shell
 * needs across screens. Spec 4: the last notification and the last error each carry an id and a message.
 */
export interface AppState {
  token: string | null;
  session: Session | null;
  workingDomain: WorkingDomain | null;
  /**
   * Spec 4: 'loading' until the acting customer's domains are known, 'none' when it has none (the no-domains state),
   * 'ready' once a working domain is chosen.
   */
  domainsState: 'loading' | 'none' | 'ready';
  /** Bumped by the not-found action (spec 8: a 404 on a domain-scoped load): the working domain is looked up again. */
  domainRecheck: number;
  notification: Notice | null;
  error: Notice | null;
  connectionLost: boolean;
  theme: ThemeName;
  /** Where a signed-out visitor wanted to go; the login sends them there afterwards (spec 4). */
  loggedOutPath: string | null;
}

function storedTheme(): ThemeName {
  const stored = readStored(STORAGE_KEYS.activeTheme);
  return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as ThemeName) : DEFAULT_THEME;
}

let state: AppState = {
  token: readStored(STORAGE_KEYS.idToken),
  session: null,
  workingDomain: null,
  domainsState: 'loading',
  domainRecheck: 0,
  notification: null,
  error: null,
  connectionLost: false,
  theme: storedTheme(),
  loggedOutPath: null,
};
const listeners = new Set<() => void>();
let nextNoticeId = 1;

function update(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getState(): AppState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders only when the selected value changes (compared with Object.is). */
export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state));
}

export function startSession(token: string, session: Session): void {
  writeStored(STORAGE_KEYS.idToken, token);
  update({ token, session });
}

export function setSession(session: Session): void {
  update({ session });
}

/** Forgets the session and its token; the theme and a device's persist code stay. */
export function clearSession(): void {
  removeStored(STORAGE_KEYS.idToken);
  update({ token: null, session: null, workingDomain: null, domainsState: 'loading' });
}

/** A domain, or null with the state saying why: still loading, or the customer has none. */
export function setWorkingDomain(domain: WorkingDomain | null, domainsState: AppState['domainsState']): void {
  update({ workingDomain: domain, domainsState });
}

/**
 * Spec 8, "404 on domain-scoped loads redirects via a not-found action": the working domain is gone (deleted, or
 * the customer changed), so the domain list is read again and the first domain taken, with the spec's notice.
 */
export function domainNotFound(): void {
  update({ domainRecheck: state.domainRecheck + 1 });
}

export function notify(message: string, emphasis?: string): void {
  update({ notification: { id: nextNoticeId++, message, ...(emphasis ? { emphasis } : {}) } });
}

export function notifyError(message: string): void {
  if (!message) return;
  update({ error: { id: nextNoticeId++, message } });
}

/** The snackbar took the notice: clear it only if no newer one arrived meanwhile. */
export function clearNotification(id: number): void {
  if (state.notification?.id === id) update({ notification: null });
}

export function clearError(id: number): void {
  if (state.error?.id === id) update({ error: null });
}

export function setConnectionLost(lost: boolean): void {
  if (state.connectionLost !== lost) update({ connectionLost: lost });
}

export function setTheme(theme: ThemeName): void {
  writeStored(STORAGE_KEYS.activeTheme, theme);
  update({ theme });
}

export function rememberLoggedOutPath(path: string): void {
  update({ loggedOutPath: path });
}

export function takeLoggedOutPath(): string | null {
  const path = state.loggedOutPath;
  if (path) update({ loggedOutPath: null });
  return path;
}
