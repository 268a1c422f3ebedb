import { randomBytes } from 'node:crypto';
import type { TokenRole } from '@mailwright/contract';
import { hashToken } from '../../http/auth.ts';

// A prefix per role lets people (and secret scanners) tell a key's kind at a glance.
const PREFIXES: Record<TokenRole, string> = { sending: 'mw_', primary: 'mwp_', sign: 'mws_' };

export interface NewTokenSecret {
  token: string;
  tokenHash: string;
  /** The first 8 characters, shown in lists. */
  prefix: string;
}

/** A new key: the role prefix and 40 random base64url characters (240 bits); only its SHA-256 is stored. */
export function newTokenSecret(role: TokenRole): NewTokenSecret {
  const token = PREFIXES[role] + randomBytes(30).toString('base64url');
  return { token, tokenHash: hashToken(token), prefix: token.slice(0, 8) };
}

export const looksLikeApiToken = (token: string) => /^mwp?_[\w-]{40}$/.test(token);
