import { toCrlf } from '../message/line-ends.ts';

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
  const body = toCrlf(raw);
  // An empty message is sent as one empty line, as nodemailer's DataStream does (the differential test holds us to it).
  if (!body.length) return [CRLF_END];
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
