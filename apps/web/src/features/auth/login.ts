import {
  type LoginRequest,
  loginRequest,
  MSG,
  type Session,
  STORAGE_KEYS,
  sessionEndpoints,
} from '@mailwright/contract';
import { ApiError, api } from '../../lib/api.ts';
import { loadAppData } from '../../lib/app-data.ts';
import { queryClient } from '../../lib/query-client.ts';
import { homePath } from '../../lib/session.ts';
import { readStored, removeStored, writeStored } from '../../lib/storage.ts';
import { startSession } from '../../lib/store.ts';

export interface Credentials {
  username: string;
  password: string;
}

export interface SecondFactor {
  code: string;
  /** Ask for a persist code so this device skips the code step for 30 days. */
  remember: boolean;
}

export type CredentialErrors = Partial<Record<keyof Credentials, string>>;

const credentialsSchema = loginRequest.pick({ username: true, password: true });

/**
 * The sign-in form's check: the contract's login request (its username and password). Answers the parsed
 * credentials (the username trimmed), or the first problem per field.
 */
export function checkCredentials(input: Credentials): { credentials: Credentials } | { errors: CredentialErrors } {
  const result = credentialsSchema.safeParse(input);
  if (result.success) return { credentials: result.data };
  const errors: CredentialErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

export type LoginOutcome =
  /** `home`: where the role starts (spec 4), when no remembered path is waiting. */
  | { kind: 'signed-in'; session: Session; home: string }
  | { kind: 'code-required' }
  | { kind: 'failed'; message: string };

/**
 * Spec 4 and 8, sign-in: a stored persist code is sent along automatically; 401 without a code means the second
 * factor is required, 401 with a code shows the server's message (an invalid code); 403 and 425 show the server's
 * message; 500, a lost connection and anything else have their own fixed texts.
 */
export async function signIn(credentials: Credentials, secondFactor?: SecondFactor): Promise<LoginOutcome> {
  const persistCode = readStored(STORAGE_KEYS.totpCode);
  const body: LoginRequest = { ...credentials };
  if (secondFactor) {
    body.code = secondFactor.code;
    body.remember = secondFactor.remember;
  } else if (persistCode) {
    body.persist_code = persistCode;
  }
  try {
    const result = await api(sessionEndpoints.login, { body, quiet: true });
    if (result.persist_code) writeStored(STORAGE_KEYS.totpCode, result.persist_code);
    startSession(result.token, result.session);
    // Spec 4: the app's data loads afresh, nothing of an earlier session is shown, and before the redirect.
    queryClient.clear();
    await loadAppData(result.session);
    return { kind: 'signed-in', session: result.session, home: homePath(result.session) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed', message: MSG.loginOther };
    if (error.status === 401 && !secondFactor) {
      // The server asked for a code although a persist code was sent: that code has expired or was revoked.
      if (body.persist_code) removeStored(STORAGE_KEYS.totpCode);
      return { kind: 'code-required' };
    }
    return { kind: 'failed', message: loginFailureMessage(error) };
  }
}

function loginFailureMessage(error: ApiError): string {
  if (error.isNetworkError) return MSG.loginNoConnection;
  if (error.status === 401 || error.status === 403 || error.status === 425) return error.message;
  if (error.status === 500) return MSG.loginInternal;
  return MSG.loginOther;
}
