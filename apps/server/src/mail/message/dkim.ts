import { dkimSign } from 'mailauth';

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
