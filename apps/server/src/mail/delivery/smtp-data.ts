const DOT = Buffer.from('.');
const CRLF_DOT = Buffer.from('\r\n.');
const END = Buffer.from('.\r\n');
const CRLF_END = Buffer.from('\r\n.\r\n');

/**
 * A message as the bytes to send after DATA's 354 (RFC 5321 4.5.2): a dot at the start of a line gets another dot, the
 * message ends with CRLF, then ".\r\n". The scan is Buffer.indexOf for "\r\n." (usually found nowhere); the pieces are
 * slices of the message, so nothing is copied unless a line ends in a bare CR or LF: those become CRLF first, because a
 * receiver that takes a lone LF or CR for a line end would read "\n.\n" as the end of the data (SMTP smuggling).
 */
export function dataChunks(raw: Buffer): Buffer[] {
  const body = hasBareLineBreak(raw) ? toCrlf(raw) : raw;
  if (!body.length) return [END];
  const chunks: Buffer[] = [];
  if (body[0] === 0x2e) chunks.push(DOT);
  let from = 0;
  for (let at = body.indexOf(CRLF_DOT); at >= 0; at = body.indexOf(CRLF_DOT, at + 3)) {
    chunks.push(body.subarray(from, at + 2), DOT);
    from = at + 2;
  }
  chunks.push(from ? body.subarray(from) : body);
  const endsWithCrlf = body[body.length - 2] === 0x0d && body[body.length - 1] === 0x0a;
  chunks.push(endsWithCrlf ? END : CRLF_END);
  return chunks;
}

function hasBareLineBreak(raw: Buffer): boolean {
  for (let at = raw.indexOf(0x0a); at >= 0; at = raw.indexOf(0x0a, at + 1)) if (raw[at - 1] !== 0x0d) return true;
  for (let at = raw.indexOf(0x0d); at >= 0; at = raw.indexOf(0x0d, at + 1)) if (raw[at + 1] !== 0x0a) return true;
  return false;
}

function toCrlf(raw: Buffer): Buffer {
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
  return out.subarray(0, n);
}
