import { hasControlCharacter, isMailboxAddress, parseMailbox } from '@mailwright/contract';
import fc from 'fast-check';
import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';

/**
 * The address grammar against a well-kept parser it did not replace: nodemailer's addressparser (what the message
 * builder and many receivers read headers with). Whatever the grammar accepts, addressparser reads as the same one
 * mailbox, so the mailbox a customer named is the one the header names and the envelope delivers to.
 */
const atext = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~");
const atom = fc.string({ unit: atext, minLength: 1, maxLength: 8 });
const label = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), minLength: 1, maxLength: 10 })
  .filter((l) => !l.startsWith('-') && !l.endsWith('-'));
const address = fc
  .tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.array(label, { minLength: 1, maxLength: 3 }))
  .map(([local, labels]) => `${local.join('.')}@${labels.join('.')}.example`);
// Display names a person writes: words of letters (and UTF-8), or anything printable inside quotes.
const plainName = fc
  .array(fc.string({ unit: fc.constantFrom(...'abcXYZ.éü'), minLength: 1, maxLength: 6 }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((words) => words.join(' '))
  .filter((n) => !/^\.|\.$|\.\./.test(n) && !/(^| )\.|\.( |$)/.test(n));
const quotedName = fc
  .string({ unit: fc.constantFrom(...'ab ,;:<>@()[]."\\é'), minLength: 1, maxLength: 12 })
  .filter((n) => n.trim() === n && !/\s\s/.test(n) && n.length > 0);
// Strings built from the pieces that matter to address syntax (line breaks and controls among them) and whole
// addresses and names, so that a good share of them is accepted.
const hostile = fc
  .array(
    fc.oneof(
      address,
      plainName,
      fc.constantFrom(
        ' ',
        '<',
        '>',
        '"',
        '\\',
        ',',
        ';',
        ':',
        '@',
        '.',
        '(',
        ')',
        '\r\n',
        '\n',
        '\t',
        '\u0000',
        'Bcc: ',
      ),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

describe('address grammar, differential against nodemailer addressparser', () => {
  it('a generated addr-spec or name-addr reads as the same mailbox in both', () => {
    fc.assert(
      fc.property(address, fc.option(fc.oneof(plainName, quotedName)), fc.boolean(), (addr, name, quote) => {
        expect(isMailboxAddress(addr)).toBe(true);
        const plain = name !== null && !quote && /^[a-zA-Z. éü]+$/.test(name);
        const written =
          name === null ? addr : plain ? `${name} <${addr}>` : `"${name.replace(/(["\\])/g, '\\$1')}" <${addr}>`;
        const ours = parseMailbox(written);
        expect(ours).toEqual({ ok: true, mailbox: name ? { name, address: addr } : { address: addr } });
        const theirs = addressparser(written, { flatten: true });
        expect(theirs).toHaveLength(1);
        expect(theirs[0]?.address).toBe(addr);
        if (name) expect(theirs[0]?.name).toBe(name);
      }),
      { numRuns: 2000 },
    );
  });

  it('whatever hostile string is accepted holds no control character and names exactly the mailbox addressparser reads', () => {
    let accepted = 0;
    fc.assert(
      fc.property(hostile, (input) => {
        const ours = parseMailbox(input);
        if (!ours.ok) return;
        accepted++;
        expect(hasControlCharacter(ours.mailbox.address)).toBe(false);
        expect(hasControlCharacter(ours.mailbox.name ?? '')).toBe(false);
        const theirs = addressparser(input, { flatten: true });
        expect(theirs.map((m) => m.address)).toEqual([ours.mailbox.address]);
      }),
      { numRuns: 5000 },
    );
    // The property says something only if many inputs get through (several hundred of the 5,000 do).
    expect(accepted).toBeGreaterThan(100);
  });
});
