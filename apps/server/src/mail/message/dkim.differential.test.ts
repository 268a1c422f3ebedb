import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { dkimSign, dkimVerify } from 'mailauth';
import { describe, expect, it } from 'vitest';
import { verifyWithDkimpy } from '../testing/dkimpy.ts';
import { DKIM_SIGNED_HEADERS, signMessage } from './dkim.ts';
import { endWithCrlf, toCrlf } from './line-ends.ts';

// Our DKIM signer is hand-written (it signs once per message on the hot path); it stays only while it agrees with
// mailauth, the library it replaced, over generated messages: same b= value for the same key, headers and time, and a
// pass from mailauth's verifier.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = {
  domain: 'acme.test',
  selector: 'mw1',
  privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const txt = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const resolver = async (name: string) => {
  if (name !== 'mw1._domainkey.acme.test') throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
  return [[txt]];
};

const LINE_BREAKS = ['\r\n', '\n', '\r'] as const;
const lineBreak = fc.constantFrom(...LINE_BREAKS);
// Text without line breaks: ASCII, Latin-1, CJK, emoji, no-break and ideographic spaces, tabs and space runs.
const text = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom(' ', '  ', '\t', ' \t ', '\u00a0', '\u3000', 'é', '件名', '✓', '😀', '.', '..'),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join('').replace(/[\r\n]/g, ''));

// A header value folded at some of its spaces (RFC 5322 2.2.3), with any line break as the fold.
const headerValue = fc
  .tuple(
    fc.array(
      text.filter((t) => t.trim().length > 0),
      { minLength: 1, maxLength: 4 },
    ),
    fc.array(lineBreak),
  )
  .map(([words, breaks]) =>
    words.map((w, i) => (i && breaks[i] ? `${breaks[i]}${w.startsWith(' ') ? '' : ' '}${w}` : w)).join(' '),
  );

const NAMES = [...DKIM_SIGNED_HEADERS, 'X-Mailer', 'Received', 'X-Custom'].flatMap((n) => [n, n.toUpperCase()]);
// ' : ' is the obsolete syntax of RFC 5322 4.5.8 (WSP before the colon): signed as sent, refused by dkimpy's parser.
const COLONS = [':', ': ', ':\t'];
const header = (colons: readonly string[]) =>
  fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...colons), headerValue);

const body = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.oneof(
          text,
          text.map((t) => `.${t}`),
          fc.string({ minLength: 990, maxLength: 1200 }),
        ),
        lineBreak,
      ),
      { maxLength: 12 },
    )
    .chain((lines) =>
      fc.boolean().map((endsWithBreak) => {
        const joined = lines.map(([line, end]) => line + end).join('');
        return endsWithBreak || !lines.length ? joined : joined.replace(/(\r\n|\n|\r)$/, '');
      }),
    ),
);

const messageWith = (colons: readonly string[]) =>
  fc
    .tuple(fc.array(header(colons), { maxLength: 10 }), headerValue, lineBreak, body)
    .map(([fields, from, separator, content]) => {
      const head = [
        `From: ${from} <shop@acme.test>`,
        ...fields.map(([name, colon, value]) => `${name}${colon}${value}`),
      ];
      return Buffer.from(`${head.join(separator)}${separator}${separator}${content}`, 'utf8');
    });
const message = messageWith([...COLONS, ' : ']);

const bValue = (signature: string) =>
  /\bb=([^;]*)$/.exec(signature.replace(/\r\n[ \t]/g, ' ').trim())?.[1]?.replace(/\s/g, '');

describe('DKIM signer, differential against mailauth', () => {
  it('signs every generated message as mailauth does (same b=), and mailauth verifies it', async () => {
    await fc.assert(
      fc.asyncProperty(message, fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }), async (raw, seconds) => {
        const signedAt = new Date(seconds * 1000);
        const ours = signMessage(raw, key, signedAt);
        // What goes on the wire: the message with CRLF line ends (and a final one), after our DKIM-Signature field.
        const wire = endWithCrlf(toCrlf(raw));
        const ourField = ours.subarray(0, ours.length - wire.length).toString('latin1');
        expect(ours.subarray(ourField.length).equals(wire)).toBe(true);
        const options = {
          signTime: signedAt,
          headerList: DKIM_SIGNED_HEADERS.join(':'),
          signatureData: [{ signingDomain: key.domain, selector: key.selector, privateKey: key.privateKeyPem }],
        };
        // mailauth's typings ask for top-level signingDomain/selector/privateKey; its signer reads signatureData.
        const theirs = await dkimSign(wire, options as unknown as Parameters<typeof dkimSign>[1]);
        expect(theirs.errors).toEqual([]);
        expect(bValue(ourField)).toBe(bValue(theirs.signatures));
        const verified = await dkimVerify(ours, { resolver, curTime: signedAt });
        expect(verified.results.map((r) => r.status.result)).toEqual(['pass']);
      }),
      { numRuns: 2000 },
    );
  }, 300_000);

  it('dkimpy (Debian python3-dkim), a third implementation, verifies our signature on 500 generated messages', async () => {
    const signed = fc.sample(messageWith(COLONS), { numRuns: 500, seed: 10 }).map((raw) => signMessage(raw, key));
    const results = await verifyWithDkimpy(signed, { txt });
    const failed = signed.filter((_, i) => !results[i]);
    expect(failed.map((m) => m.toString('utf8').slice(0, 400))).toEqual([]);
    expect(results).toHaveLength(500);
  }, 120_000);
});
