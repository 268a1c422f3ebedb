import fc from 'fast-check';
import DataStream from 'nodemailer/lib/smtp-connection/data-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MxSink, startMxSink } from '../../test/mx-sink.ts';
import { endWithCrlf, toCrlf } from '../message/line-ends.ts';
import { SmtpClient } from './smtp-client.ts';
import { dataChunks } from './smtp-data.ts';

// The DATA encoding of our delivery client (dot-stuffing, line ends, the final dot) replaced nodemailer's
// SMTPConnection; it stays only while it sends what nodemailer's DataStream sends, and while a receiving smtp-server
// reads back exactly the message we meant, over generated messages.

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 3, arbitrary: fc.constantFrom('\r\n', '\n', '\r', '\r\r\n', '\n\r') },
  { weight: 2, arbitrary: fc.constantFrom('.', '..', '.\r\n', '\r\n.\r\n', '\n.\n', '\r.\r', ' .', '.\t') },
  { weight: 1, arbitrary: fc.string({ minLength: 990, maxLength: 2100 }) },
);
const message = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  fc.array(piece, { maxLength: 30 }).map((parts) => Buffer.from(parts.join(''), 'utf8')),
);

/** What nodemailer's DataStream writes for the message, fed in the given pieces. */
function nodemailerData(raw: Buffer, cuts: readonly number[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const stream = new DataStream();
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(out)));
    stream.on('error', reject);
    let from = 0;
    for (const cut of [...cuts].sort((a, b) => a - b)) {
      if (cut <= from || cut >= raw.length) continue;
      stream.write(raw.subarray(from, cut));
      from = cut;
    }
    stream.end(raw.subarray(from));
  });
}

describe('DATA encoding, differential against nodemailer and smtp-server', () => {
  it("sends byte for byte what nodemailer's DataStream sends, over 5,000 generated messages", async () => {
    await fc.assert(
      fc.asyncProperty(message, fc.array(fc.nat(4000), { maxLength: 6 }), async (raw, cuts) => {
        const ours = Buffer.concat(dataChunks(raw));
        const theirs = await nodemailerData(raw, cuts);
        expect(ours.toString('latin1')).toBe(theirs.toString('latin1'));
      }),
      { numRuns: 5000 },
    );
  }, 120_000);

  describe('through a real SMTP session', () => {
    let sink: MxSink;
    let client: SmtpClient;
    beforeAll(async () => {
      sink = await startMxSink({ tls: false });
      client = await SmtpClient.open({
        host: 'mx.sink.test',
        ip: '127.0.0.1',
        port: sink.port,
        heloName: 'mw.test',
        socketTimeoutMs: 10_000,
      });
    });
    afterAll(async () => {
      client?.quit();
      await sink?.stop();
    });

    it('smtp-server reads back the message with CRLF line ends, over 300 generated messages in one session', async () => {
      await fc.assert(
        fc.asyncProperty(message, async (raw) => {
          sink.reset();
          const result = await client.send({ from: 'a@mw.test', to: 'b@sink.test' }, raw);
          expect(result.reply.code).toBe(250);
          const [received] = sink.messages;
          const expected = raw.length ? endWithCrlf(toCrlf(raw)) : Buffer.from('\r\n');
          expect(received?.raw.toString('latin1')).toBe(expected.toString('latin1'));
        }),
        { numRuns: 300 },
      );
    }, 120_000);
  });
});
