/** Content transfer encodings (RFC 2045 6.7 and 6.8) for the bodies Mailwright writes itself. */

/** RFC 2045 6.7: printable ASCII as is, the rest as =XX, lines of at most 76 characters with soft breaks. */
export function encodeQuotedPrintable(data: Buffer): string {
  const lines = data.toString('latin1').split(/\r?\n/);
  return lines
    .map((line) => {
      let out = '';
      let width = 0;
      for (let i = 0; i < line.length; i++) {
        const code = line.charCodeAt(i);
        const last = i === line.length - 1;
        const plain = (code >= 33 && code <= 126 && code !== 61) || ((code === 32 || code === 9) && !last);
        const token = plain ? line[i] : `=${code.toString(16).toUpperCase().padStart(2, '0')}`;
        if (width + (token as string).length > 75) {
          out += '=\r\n';
          width = 0;
        }
        out += token;
        width += (token as string).length;
      }
      return out;
    })
    .join('\r\n');
}

/** RFC 2045 6.8: base64 in lines of 76 characters. */
export function encodeBase64Lines(data: Buffer): string {
  const encoded = data.toString('base64');
  const lines: string[] = [];
  for (let at = 0; at < encoded.length; at += 76) lines.push(encoded.slice(at, at + 76));
  return lines.join('\r\n');
}
