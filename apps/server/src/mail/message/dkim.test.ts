import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import { describe, expect, it } from 'vitest';
import { dataChunks } from '../delivery/smtp-data.ts';
import { signMessage, signMessageAsync } from './dkim.ts';
import { relaxedBody, relaxedHeader } from './dkim-canonical.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = {
  domain: 'acme.test',
  selector: 'mw1',
  privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const txt = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** mailauth, an independent implementation, checks what we sign (the key comes from a stub resolver). */
async function verify(raw: Buffer) {
  const result = await dkimVerify(raw, {
    resolver: async (name: string) => {
      if (name !== 'mw1._domainkey.acme.test') throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
      return [[txt]];
    },
  });
  return result.results.map((r) => `${r.signingDomain} ${r.status.result}`);
}

const message = (head: string, body: string) => Buffer.from(`${head}\r\n\r\n${body}`, 'utf8');
const HEAD = 'From: App <app@acme.test>\r\nTo: user@example.com\r\nSubject: Hello\r\nMessage-ID: <1@acme.test>';

describe('signMessage (RFC 6376 relaxed/relaxed rsa-sha256)', () => {
  it.each([
    ['a plain CRLF body', HEAD, 'Hello there.\r\nSecond line.\r\n'],
    ['tabs, double spaces and trailing whitespace', HEAD, 'a\t b  c \r\n  indented\t\r\n\r\n \r\n'],
    ['bare LF line ends', HEAD, 'one\ntwo\n\n'],
    ['an empty body', HEAD, ''],
    ['a body without a final line end', HEAD, 'no newline at the end '],
    ['trailing empty lines', HEAD, 'text\r\n\r\n\r\n\r\n'],
    [
      'folded headers',
      `${HEAD}\r\nReferences: <a@x.test>\r\n\t<b@x.test>\r\nCc: one@example.com,\r\n  two@example.com`,
      'x\r\n',
    ],
    ['two fields of one name', `${HEAD}\r\nCc: one@example.com\r\nCc: two@example.com`, 'x\r\n'],
    ['8-bit UTF-8 in headers and body', `${HEAD}\r\nContent-Type: text/plain; charset=utf-8`, 'Grüße, 東京 ✓\r\n'],
    [
      'raw UTF-8 header fields (RFC 6532)',
      'From: Café Shop <shop@acme.test>\r\nTo: Zoë <zoe@example.com>\r\nSubject: 件名 ✓\u3000\r\nMessage-ID: <1@acme.test>',
      'Grüße\r\n',
    ],
    ['a bare CR in the body', HEAD, 'one\rtwo\r\nthree\r'],
    ['bare CR and LF mixed, dots at line starts', HEAD, '.\r.a\n..b\r\n\r\r\n'],
  ])('%s verifies with mailauth', async (_name, head, body) => {
    const signed = signMessage(message(head, body), key);
    expect(signed.toString('utf8')).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=acme\.test;/);
    expect(await verify(signed)).toEqual(['acme.test pass']);
  });

  it('fails verification when a signed header or the body changes', async () => {
    const signed = signMessage(message(HEAD, 'Pay 10 EUR\r\n'), key).toString('utf8');
    // A body hash mismatch is "neutral" in mailauth's words (RFC 6376 6.3: the signature is not checked), a wrong
    // signature "fail": neither passes.
    expect(await verify(Buffer.from(signed.replace('Pay 10', 'Pay 99')))).toEqual(['acme.test neutral']);
    expect(await verify(Buffer.from(signed.replace('Subject: Hello', 'Subject: Urgent')))).toEqual(['acme.test fail']);
  });

  it('signs the headers of our pipeline, bottom-up for repeated names, and keeps lines short', async () => {
    const head = `${HEAD}\r\nList-Unsubscribe: <https://t.acme.test/u/x>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\nFeedback-ID: a:1:2:mailwright\r\nX-Mailer: none\r\nCc: one@x.test\r\ncc: two@x.test`;
    const signed = signMessage(message(head, 'x\r\n'), key).toString('utf8');
    const field = signed.slice(0, signed.indexOf('\r\nFrom:'));
    const h = /[;\s]h=([^;]+);/.exec(field.replace(/\r\n\s+/g, ' '))?.[1]?.replace(/\s/g, '');
    expect(h).toBe('cc:Cc:Feedback-ID:List-Unsubscribe-Post:List-Unsubscribe:Message-ID:Subject:To:From');
    expect(await verify(Buffer.from(signed))).toEqual(['acme.test pass']);
    for (const line of field.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('carries CRLF line ends only: what is signed is what the delivery client sends', () => {
    for (const body of ['one\rtwo\nthree\r\n', 'one\rtwo\nthree  ']) {
      const signed = signMessage(message(HEAD, body), key);
      expect(signed.toString('latin1')).toMatch(/\r\n\r\none\r\ntwo\r\nthree *\r\n$/);
      expect(Buffer.concat(dataChunks(signed)).subarray(0, -3).equals(signed)).toBe(true);
    }
  });

  it('signs on the thread pool (signMessageAsync, what intake uses) the very bytes signMessage signs', async () => {
    const at = new Date('2026-11-24T12:00:00Z');
    for (const body of ['Hello there.\r\n', 'one\ntwo\n\n', '']) {
      const raw = message(`${HEAD}\r\nCc: one@example.com`, body);
      const signed = await signMessageAsync(raw, key, at);
      // RSASSA-PKCS1-v1_5 is deterministic: the same key and input give the same signature, byte for byte.
      expect(signed.equals(signMessage(raw, key, at))).toBe(true);
      expect(await verify(signed)).toEqual(['acme.test pass']);
    }
    await expect(signMessageAsync(message(HEAD, 'x'), { ...key, privateKeyPem: 'not a key' })).rejects.toThrow();
  });
});

describe('relaxed canonicalization', () => {
  it('canonicalizes the RFC 6376 3.4.5 example', () => {
    expect(relaxedHeader('A: X')).toBe('a:X');
    expect(relaxedHeader('B : Y\t\r\n\tZ  ')).toBe('b:Y Z');
    expect(relaxedBody(Buffer.from(' C \r\nD \t E\r\n\r\n\r\n')).toString()).toBe(' C\r\nD E\r\n');
  });

  it('leaves a body already in relaxed form as it is, minus empty lines at the end', () => {
    expect(relaxedBody(Buffer.from('a b\r\nc\r\n\r\n')).toString()).toBe('a b\r\nc\r\n');
    expect(relaxedBody(Buffer.from('\r\n\r\n')).toString()).toBe('');
    expect(relaxedBody(Buffer.from('')).toString()).toBe('');
    expect(relaxedBody(Buffer.from('end')).toString()).toBe('end\r\n');
  });
});
