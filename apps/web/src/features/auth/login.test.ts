import { MSG } from '@mailwright/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/store.ts';
import { signIn } from './login.ts';

// The sign-in's message mapping (spec 8, "Login and session") against answers shaped like the server's.
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

const credentials = { username: 'jane', password: 'secret-password' };

describe('sign-in failures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("S8-019 a login 500 shows exactly 'We have encountered an internal problem. Try again later please.'", async () => {
    answer(500, { message: 'database down' });
    expect(await signIn(credentials)).toEqual({
      kind: 'failed',
      message: 'We have encountered an internal problem. Try again later please.',
    });
  });

  it('S8-020 a login that reaches no server shows exactly "Can\'t establish connection to server."', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await signIn(credentials)).toEqual({ kind: 'failed', message: "Can't establish connection to server." });
  });

  it.each([
    400, 404, 409, 502,
  ])("S8-021 any other failure (%i) shows exactly 'Whoops someting happend!'", async (status) => {
    answer(status, { message: 'something the server said' });
    expect(await signIn(credentials)).toEqual({ kind: 'failed', message: 'Whoops someting happend!' });
    expect(MSG.loginOther).toBe('Whoops someting happend!');
  });

  it('S8-015 S8-016 S8-017 S8-018 403 and 425 show the server message; 401 with a code too, 401 without one asks for it', async () => {
    answer(425, { message: 'Too many attempts, try again in 10 minutes' });
    expect(await signIn(credentials)).toEqual({
      kind: 'failed',
      message: 'Too many attempts, try again in 10 minutes',
    });
    answer(403, { message: 'Your account is disabled' });
    expect(await signIn(credentials)).toEqual({ kind: 'failed', message: 'Your account is disabled' });
    answer(401, { message: 'Invalid code' });
    expect(await signIn(credentials, { code: '123456', remember: false })).toEqual({
      kind: 'failed',
      message: 'Invalid code',
    });
    expect(await signIn(credentials)).toEqual({ kind: 'code-required' });
  });
});
