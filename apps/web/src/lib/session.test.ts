import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from './navigation.ts';
import { checkSession } from './session.ts';
import { clearSession, getState, startSession } from './store.ts';

// The status check (GET /api/login) and spec 8's "Status check" messages; fetch is the only stand-in.
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

const session = {
  uid: 1,
  cid: 1,
  role: 'admin',
  subrole: null,
  company: { cid: 1, name: 'Acme', pcid: null, has_clients: false, partner: false },
  username: 'jane',
  full_name: 'Jane',
  email: null,
  totp_enabled: false,
  origin: { cid: 1, name: 'Acme' },
} as const;

describe('the status check', () => {
  const navigations: string[] = [];
  beforeEach(() => {
    navigations.length = 0;
    setNavigator((path) => navigations.push(path));
    vi.stubGlobal('window', { location: { pathname: '/domains', search: '' } });
    startSession('token', session);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("S8-022 a 403 forces a logout with 'You have been automatically logged out.'", async () => {
    answer(403, { message: 'Your account is disabled' });
    expect(await checkSession()).toBe('online');
    expect(getState().token).toBeNull();
    expect(navigations).toEqual(['/auth/login']);
    expect(getState().notification?.message).toBe('You have been automatically logged out.');
  });

  it('S8-023 a 500 shows the internal-problem message and keeps the session', async () => {
    answer(500, { message: 'database down' });
    expect(await checkSession()).toBe('online');
    expect(getState().error?.message).toBe('We have encountered an internal problem. Try again later please.');
    expect(getState().token).toBe('token');
  });

  it('S8-024 a 425 shows the server message', async () => {
    answer(425, { message: 'Banned until 12:00' });
    await checkSession();
    expect(getState().error?.message).toBe('Banned until 12:00');
    expect(getState().token).toBe('token');
  });
});
