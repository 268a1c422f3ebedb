import type { AddressInfo } from 'node:net';
import type { SMTPServer, SMTPServerDataStream } from 'smtp-server';
import type { Logger } from '../../log.ts';

/** An SMTP reply for smtp-server callbacks: the code rides on the error (`responseCode`). */
export const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** Listens and answers the bound port (0 picks a free one) with a close function; both SMTP listeners use it. */
export async function listenSmtp(server: SMTPServer, port: number, host: string, log: Logger, name: string) {
  server.on('error', (error) => log.warn({ err: error }, `${name} server error`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.server.address() as AddressInfo).port;
  log.info({ port: bound, host }, `${name} listening`);
  return { port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Reads a DATA stream; past the size limit the rest is drained but not kept, and the caller answers 552. */
export function readStream(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    stream.on('data', (chunk: Buffer) => {
      if (!stream.sizeExceeded) {
        chunks.push(chunk);
        length += chunk.length;
      }
    });
    stream.on('end', () => resolve(Buffer.concat(chunks, length)));
    stream.on('error', reject);
  });
}
