import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): about 20 ms a hash on these machines.
export const hashPassword = (password: string) => hash(password);

// A fixed hash to verify against when the user does not exist, so timing does not reveal which usernames exist.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Xr5VYkeXvwJqVJq6ahTe2b0Jg8kB7mTe2+2zkQ5ss1k';

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(storedHash ?? DUMMY_HASH, password);
  } catch {
    return false;
  }
}

/**
 * A password Mailwright makes up (SMTP users, the first superadmin, the sandbox's SMTP user): base64url, never starting
 * with '-' or '_' because people paste it after an option (`swaks --auth-password -F5…` reads it as an option).
 */
export function generatePassword(bytes: number): string {
  for (;;) {
    const password = randomBytes(bytes).toString('base64url');
    if (/^[A-Za-z0-9]/.test(password)) return password;
  }
}
