import { MSG, sessionEndpoints, suppressionsEndpoints, usersEndpoints } from '@mailwright/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api.ts';
import { setNavigator } from './navigation.ts';
import { clearSession, getState, startSession } from './store.ts';

// The client's error rules (spec 5 and 8) against answers shaped like the server's; fetch is the only stand-in.
function answer(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(text, { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

const session = {
  uid: 1,
  cid: 1,
  role: 'superadmin',
  subrole: 'master',
  company: { cid: 1, name: 'Operators', pcid: null, has_clients: false, partner: false },
  username: 'admin',
  full_name: 'Administrator',
  email: null,
  totp_enabled: false,
  origin: { cid: 1, name: 'Operators' },
} as const;

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  const navigations: string[] = [];
  beforeEach(() => {
    navigations.length = 0;
    setNavigator((path) => navigations.push(path));
    clearSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('answers the parsed data of a success', async () => {
    answer(200, { data: { session } });
    const result = await api(sessionEndpoints.loginStatus);
    expect(result.session.username).toBe('admin');
  });

  it('S5-001: a body without data is an unexpected API response', async () => {
    answer(200, { session });
    expect((await failure(api(sessionEndpoints.loginStatus))).message).toBe(MSG.unexpectedResponse);
  });

  it('S5-002: data missing a required key is an unexpected API response', async () => {
    answer(200, { data: { message: 'no session here' } });
    expect((await failure(api(sessionEndpoints.loginStatus))).message).toBe(MSG.unexpectedResponse);
  });

  it('S8-002/S8-006: shows the server message', async () => {
    answer(409, { message: 'Username is taken' });
    const error = await failure(api(usersEndpoints.create, { body: { username: 'x', role: 'user' } }));
    expect([error.status, error.message]).toEqual([409, 'Username is taken']);
  });

  it("S8-003: without a message it is '{status}: Unknown error'", async () => {
    answer(502, undefined);
    expect((await failure(api(sessionEndpoints.loginStatus))).message).toBe('502: Unknown error');
  });

  it("S8-007: an errors array is 'Various errors' and carries the field errors", async () => {
    answer(400, { message: 'Various errors', errors: [{ field: 'username', message: 'Username is too short' }] });
    const error = await failure(api(usersEndpoints.create, { body: { username: 'x', role: 'user' } }));
    expect(error.message).toBe(MSG.variousErrors);
    expect(error.fieldErrors).toEqual([{ field: 'username', message: 'Username is too short' }]);
  });

  it('S8-008: a network error sets the connection-lost flag and is already handled (no snackbar)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(api(sessionEndpoints.loginStatus));
    expect([error.status, error.handled]).toEqual([0, true]);
    expect(getState().connectionLost).toBe(true);
    expect(getState().error).toBeNull();
  });

  it("S8-025: a 401 on a normal call while signed in logs out with 'Automaticaly logged out'", async () => {
    startSession('token-1', session);
    vi.stubGlobal('window', { location: { pathname: '/domains', search: '' } });
    answer(401, { message: 'Unauthorized' });
    const error = await failure(api(usersEndpoints.list, { query: {} }));
    expect(error.handled).toBe(true);
    expect(getState().token).toBeNull();
    expect(getState().notification?.message).toBe(MSG.forcedLogout);
    expect(navigations).toEqual(['/auth/login']);
    // Signing in again leads back to the screen the user was on (spec 4).
    expect(getState().loggedOutPath).toBe('/domains');
  });

  it('S6-025: a 403 while signed in runs the forbidden handler with the message', async () => {
    startSession('token-1', session);
    vi.stubGlobal('window', { location: { pathname: '/users', search: '?skip=0' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(403, { message: 'Forbidden' });
    const error = await failure(api(usersEndpoints.list, { query: {} }));
    expect(error.handled).toBe(true);
    expect(getState().error?.message).toBe('Forbidden');
    expect(warn).toHaveBeenCalledWith('Forbidden at /users?skip=0: Forbidden');
    expect(getState().token).toBe('token-1');
  });

  it('S8-031: an upload answered 401 keeps the session and gives its message to the caller to show', async () => {
    startSession('token-1', session);
    answer(401, { message: 'Your session cannot upload files' });
    const formData = new FormData();
    formData.set('type', 'bounce');
    const error = await failure(
      api(suppressionsEndpoints.upload, { params: { domain: 3 }, formData, reportUnauthorized: true }),
    );
    expect([error.status, error.message, error.handled]).toEqual([401, 'Your session cannot upload files', false]);
    expect(getState().token).toBe('token-1');
    expect(navigations).toEqual([]);
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/upload/suppressions/3');
    // Multipart: the browser writes the Content-Type with its boundary.
    expect(init?.body).toBe(formData);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('sends the bearer token and fills path parameters', async () => {
    startSession('token-2', session);
    answer(200, { data: { message: 'ok' } });
    await api(usersEndpoints.remove, { params: { id: 7 } });
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/users/7');
    expect(init?.method).toBe('DELETE');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-2' });
  });
});
