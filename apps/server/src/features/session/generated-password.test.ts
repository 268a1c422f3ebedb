import { describe, expect, it } from 'vitest';
import { generatePassword } from './passwords.ts';

describe('generated passwords', () => {
  // CI once failed because an SMTP user's generated password began with '-' and swaks read it as an option.
  it('never begin with - or _, keep their length and are not repeated', () => {
    const passwords = Array.from({ length: 3000 }, () => generatePassword(18));
    expect(passwords.filter((password) => /^[-_]/.test(password))).toEqual([]);
    expect(new Set(passwords.map((password) => password.length))).toEqual(new Set([24]));
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
