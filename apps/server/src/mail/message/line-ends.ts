/**
 * SMTP carries lines ended by CRLF (RFC 5321 2.3.8); a bare CR or LF in a submitted message is turned into CRLF once,
 * at intake, before anything reads or signs the message, so that what is parsed, DKIM-signed, stored and sent are the
 * same bytes. The delivery client applies the same rule again as a guard (a receiver that took a lone LF for a line
 * end would read "\n.\n" as the end of the data: SMTP smuggling).
 */
export function toCrlf(raw: Buffer): Buffer {
  return hasBareLineBreak(raw) ? rewriteLineEnds(raw) : raw;
}

/** The message ending in CRLF, as the DATA encoding sends it anyway (RFC 5321 4.1.1.4: CRLF before the final dot). */
export function endWithCrlf(raw: Buffer): Buffer {
  if (raw.length >= 2 && raw[raw.length - 2] === 0x0d && raw[raw.length - 1] === 0x0a) return raw;
  return Buffer.concat([raw, Buffer.from('\r\n')]);
}

export function hasBareLineBreak(raw: Buffer): boolean {
  for (let at = raw.indexOf(0x0a); at >= 0; at = raw.indexOf(0x0a, at + 1)) if (raw[at - 1] !== 0x0d) return true;
  for (let at = raw.indexOf(0x0d); at >= 0; at = raw.indexOf(0x0d, at + 1)) if (raw[at + 1] !== 0x0a) return true;
  return false;
}

function rewriteLineEnds(raw: Buffer): Buffer {
  const out = Buffer.allocUnsafe(raw.length * 2);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i] as number;
    if (byte === 0x0d || byte === 0x0a) {
      out[n++] = 0x0d;
      out[n++] = 0x0a;
      if (byte === 0x0d && raw[i + 1] === 0x0a) i++;
    } else {
      out[n++] = byte;
    }
  }
  return Buffer.from(out.subarray(0, n));
}
