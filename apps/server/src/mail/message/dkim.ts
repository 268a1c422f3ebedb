import { createPrivateKey, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import type { DKIMSignOptions, DKIMSignResult } from 'mailauth';

// mailauth turns the PEM key into a KeyObject for every message, and a fresh RSA KeyObject costs OpenSSL its
// blinding and Montgomery setup again: signing took ~0.7 ms instead of ~0.3 ms. Its tools module is patched, before
// the signer module loads (and copies the function), to reuse one KeyObject per PEM. Should mailauth have been loaded
// elsewhere first, the signer keeps the original function: signatures are the same, only slower.
const require = createRequire(import.meta.url);
const tools = require('mailauth/lib/tools.js') as { getPrivateKey: (key: string | Buffer) => KeyObject };
const parseKey = tools.getPrivateKey;
const keys = new Map<string, KeyObject>();
tools.getPrivateKey = (pem) => {
  if (typeof pem !== 'string') return parseKey(pem);
  let key = keys.get(pem);
  if (!key) {
    if (keys.size >= 1000) keys.clear();
    key = createPrivateKey(pem);
    keys.set(pem, key);
  }
  return key;
};
const { dkimSign } = require('mailauth/lib/dkim/sign.js') as {
  dkimSign: (input: Buffer, options: DKIMSignOptions) => Promise<DKIMSignResult>;
};

// mailauth's default list plus the headers our pipeline adds that receivers rely on: RFC 8058 section 4 requires
// List-Unsubscribe and List-Unsubscribe-Post to be covered by the signature, and Feedback-ID is only trusted signed.
const SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'Feedback-ID',
].join(':');

export interface DkimKey {
  domain: string;
  selector: string;
  privateKeyPem: string;
}

/** Returns the message with a DKIM-Signature header (RFC 6376, relaxed/relaxed, rsa-sha256) in front. */
export async function signMessage(raw: Buffer, key: DkimKey): Promise<Buffer> {
  const signature = { signingDomain: key.domain, selector: key.selector, privateKey: key.privateKeyPem };
  // mailauth signs what signatureData lists; its typings also want the same fields at the top level.
  const result = await dkimSign(raw, {
    ...signature,
    canonicalization: 'relaxed/relaxed',
    headerList: SIGNED_HEADERS,
    signatureData: [signature],
  });
  const failure = result.errors?.[0];
  if (failure || !result.signatures) {
    throw new Error(`DKIM signing failed for ${key.domain}: ${failure?.err?.message ?? 'no signature produced'}`);
  }
  return Buffer.concat([Buffer.from(result.signatures), raw]);
}
