import {
  type BodyOf,
  buildPath,
  type Endpoint,
  type FieldError,
  MSG,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@mailwright/contract';
import { currentPath, navigateTo } from './navigation.ts';
import { clearSession, getState, notify, notifyError, rememberLoggedOutPath, setConnectionLost } from './store.ts';

const API_BASE = '/api';

/** A failed call. status 0 means the server was not reached (network error or timeout). */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** The client already dealt with it (overlay, forced logout, forbidden handler): show nothing more. */
  readonly handled: boolean;

  constructor(status: number, message: string, fieldErrors: FieldError[] = [], handled = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.handled = handled;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface CallOptions<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The caller maps every error itself (login, the status check): no overlay, no forced logout, no handler. */
  quiet?: boolean;
  /** A multipart body (an upload), sent instead of `body`; the browser sets its Content-Type with the boundary. */
  formData?: FormData;
  /** Spec 8, "an upload answered 401 shows the message": the 401 is reported like any error, no forced logout. */
  reportUnauthorized?: boolean;
}

/** Calls one contract endpoint and answers its parsed `data`, or throws an ApiError (spec 5 and 8). */
export async function api<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  const url =
    API_BASE + buildPath(endpoint.path, options.params as Record<string, string | number>) + queryString(options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (options.formData && endpoint.method !== 'GET') {
    body = options.formData;
  } else if (options.body !== undefined && endpoint.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined];
  const active = signals.filter((s): s is AbortSignal => s !== undefined);

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body,
      signal: active.length ? AbortSignal.any(active) : null,
    });
  } catch (cause) {
    // The caller cancelled (a query unmounted): that is not a lost connection.
    if (options.signal?.aborted) throw cause;
    return fail(new ApiError(0, MSG.connectionLost), options);
  }

  const payload = await readJson(response);
  if (!response.ok) return fail(errorFrom(response.status, payload), options);
  if (!isRecord(payload) || !('data' in payload)) throw new ApiError(response.status, MSG.unexpectedResponse);
  const parsed = endpoint.response.safeParse(payload.data);
  if (!parsed.success) throw new ApiError(response.status, MSG.unexpectedResponse);
  return parsed.data as ResponseOf<E>;
}

function queryString(query: unknown): string {
  if (!isRecord(query)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Spec 8: an errors array means 'Various errors'; else the server's message; else '{status}: Unknown error'. */
function errorFrom(status: number, payload: unknown): ApiError {
  if (isRecord(payload) && Array.isArray(payload.errors) && payload.errors.length > 0) {
    const fieldErrors = payload.errors.filter(isFieldError);
    return new ApiError(status, MSG.variousErrors, fieldErrors);
  }
  if (isRecord(payload) && typeof payload.message === 'string' && payload.message) {
    return new ApiError(status, payload.message);
  }
  return new ApiError(status, MSG.unknownError(status));
}

/** The session-wide reactions to a failed call (spec 6 and 8); the caller gets the error either way. */
function fail(error: ApiError, options: { quiet?: boolean; reportUnauthorized?: boolean }): never {
  if (options.quiet) throw error;
  const signedIn = getState().token !== null;
  if (error.isNetworkError) {
    setConnectionLost(true);
    throw new ApiError(0, error.message, [], true);
  }
  if (error.status === 401 && signedIn && !options.reportUnauthorized) {
    forceLogout(MSG.forcedLogout);
    throw new ApiError(401, error.message, [], true);
  }
  if (error.status === 403 && signedIn) {
    handleForbidden(error.message, currentPath());
    throw new ApiError(403, error.message, [], true);
  }
  throw error;
}

/** Spec 6: a 403 for a signed-in user runs the forbidden handler with the message and the current path. */
export function handleForbidden(message: string, path: string): void {
  notifyError(message);
  console.warn(`Forbidden at ${path}: ${message}`);
}

/**
 * Forced logout (spec 4): clears the session and goes to /auth/login with a notice. The screen the user was on is
 * remembered, so signing in again leads back to it.
 */
export function forceLogout(message: string): void {
  const path = currentPath();
  if (!path.startsWith('/auth/')) rememberLoggedOutPath(path);
  clearSession();
  navigateTo('/auth/login');
  notify(message);
}

/** Shows a failed call in the red snackbar, unless the client already handled it (spec 8). */
export function reportApiError(error: unknown): void {
  if (error instanceof ApiError) {
    if (!error.handled) notifyError(error.message);
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notifyError(MSG.whoopsGeneric);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';
}
