import { MSG, tokensEndpoints } from '@mailwright/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiError, api, reportApiError } from './api.ts';
import { applyFieldErrors } from './form-errors.ts';
import { setNavigator } from './navigation.ts';
import { clearSession, getState, startSession } from './store.ts';

// Spec 8's status codes as the console meets them (fetch is the only stand-in; docs/errors.md says who answers what).
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

const fieldAnswer = {
  message: 'Various errors',
  errors: [{ field: 'ipv4', message: 'Your plan allows no more ranges' }],
};

/** Calls a form's endpoint and hands a failure to the form, as every create/update form does. */
async function submit(): Promise<{ error: ApiError; onForm: [string, string][] }> {
  const onForm: [string, string][] = [];
  const error = await api(tokensEndpoints.securityAdd, {
    params: { id: 1 },
    body: { ipv4: '192.0.2.1', note: '' },
  }).then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ApiError,
  );
  applyFieldErrors<{ ipv4: string }>(error, (field, value) => onForm.push([field, value.message ?? '']));
  return { error, onForm };
}

describe('S8-001 the handled status codes: 200, 400, 401, 402 (invalid), 403, 404, 409, 425, 500', () => {
  const navigations: string[] = [];
  beforeEach(() => {
    navigations.length = 0;
    setNavigator((path) => navigations.push(path));
    startSession('token', session);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('200 answers the data', async () => {
    answer(200, { data: { items: [], total_count: 0 } });
    await expect(api(tokensEndpoints.securityList, { params: { id: 1 } })).resolves.toEqual({
      items: [],
      total_count: 0,
    });
  });

  it.each([400, 402])('%i hands its field errors back to the form (spec 5) and keeps the session', async (status) => {
    answer(status, fieldAnswer);
    const { error, onForm } = await submit();
    expect(error).toMatchObject({ status, message: MSG.variousErrors, handled: false });
    expect(onForm).toEqual([['ipv4', 'Your plan allows no more ranges']]);
    expect(getState().token).toBe('token');
  });

  it.each([404, 409, 425, 500])('%i is shown with its message and puts nothing on the form', async (status) => {
    answer(status, { message: `answered ${status}` });
    const { error, onForm } = await submit();
    expect(error).toMatchObject({ status, message: `answered ${status}`, handled: false });
    expect(onForm).toEqual([]);
    expect(getState().token).toBe('token');
  });

  it('401 while signed in logs out (handled: no second message)', async () => {
    vi.stubGlobal('window', { location: { pathname: '/api-keys/1/ip-ranges', search: '' } });
    answer(401, { message: 'Not authenticated' });
    const { error, onForm } = await submit();
    expect(error.handled).toBe(true);
    expect(onForm).toEqual([]);
    expect(getState().token).toBeNull();
    expect(navigations).toEqual(['/auth/login']);
  });

  it('403 while signed in runs the forbidden handler (handled) and keeps the session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('window', { location: { pathname: '/api-keys/1/ip-ranges', search: '' } });
    answer(403, { message: 'You do not have permission to do this' });
    const { error } = await submit();
    expect(error.handled).toBe(true);
    expect(getState().error?.message).toBe('You do not have permission to do this');
    expect(getState().token).toBe('token');
  });
});

describe('S8-005 the error handler', () => {
  it("falls back to 'Whoops something happened' for a failure that is not an API answer", () => {
    reportApiError(new TypeError('x is undefined'));
    expect(getState().error?.message).toBe('Whoops something happened');
    expect(MSG.whoopsGeneric).toBe('Whoops something happened');
  });
});
