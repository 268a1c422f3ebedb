import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type MxSink, startMxSink } from '../../test/mx-sink.ts';
import { SmtpClient } from './smtp-client.ts';
import { SmtpClientPool } from './smtp-client-pool.ts';
import { dataChunks } from './smtp-data.ts';

const target = { host: 'mx.dest.test', ip: '127.0.0.1', priority: 10 };
const from = 'bounce@acme.test';
const message = Buffer.from('From: app@acme.test\r\nTo: a@dest.test\r\nSubject: Hi\r\n\r\nHello\r\n');
const EHLO_PIPELINING = '250-raw.test\r\n250-PIPELINING\r\n250 SIZE 10000000';
const EHLO_PLAIN = '250-raw.test\r\n250 SIZE 10000000';

/** An SMTP peer with exact control: what it read (per TCP read and per command) and what it answers. */
interface RawServer {
  port: number;
  /** Every TCP read, as text. */
  chunks: string[];
  /** Command lines in order, and "." for each end of data. */
  commands: string[];
  /** The data of each message as it came over the wire (dot-stuffed), up to the final dot. */
  bodies: string[];
  connections: number;
  /** Ends every open connection, optionally with a last reply (a 421). */
  drop(reply?: string): void;
  close(): Promise<void>;
}

const DEFAULT_REPLIES: [RegExp, string][] = [
  [/^HELO/i, '250 raw.test'],
  [/^(MAIL|RCPT)/i, '250 2.1.0 Ok'],
  [/^DATA$/i, '354 End data with <CR><LF>.<CR><LF>'],
  [/^\.$/, '250 2.0.0 Ok: queued'],
  [/^RSET$/i, '250 2.0.0 Ok'],
  [/^QUIT$/i, '221 2.0.0 Bye'],
];

/** `answer` may return a reply, 'close' (drop the connection without a word), 'silent', or undefined (the default). */
async function startRawServer(
  options: { greeting?: string; ehlo?: string; answer?: (command: string) => string | undefined } = {},
): Promise<RawServer> {
  const sockets = new Set<Socket>();
  const seen = { chunks: [] as string[], commands: [] as string[], bodies: [] as string[], connections: 0 };
  const server: Server = createServer((socket) => {
    seen.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let startedTls = false;
    const answer = (command: string): boolean => {
      seen.commands.push(command);
      const reply =
        options.answer?.(command) ??
        (/^EHLO/i.test(command) ? (options.ehlo ?? EHLO_PIPELINING) : undefined) ??
        DEFAULT_REPLIES.find(([pattern]) => pattern.test(command))?.[1] ??
        '500 5.5.1 Unknown command';
      if (reply === 'close') {
        socket.destroy();
        return false;
      }
      if (reply === 'silent') return true;
      socket.write(`${reply}\r\n`);
      if (/^DATA$/i.test(command) && reply.startsWith('354')) inData = true;
      if (/^STARTTLS$/i.test(command) && reply.startsWith('220')) startedTls = true;
      // After QUIT, or a 421 (RFC 5321 3.8), the server closes the connection.
      if (/^QUIT$/i.test(command) || reply.startsWith('421')) socket.end();
      return true;
    };
    if (options.greeting !== 'silent') socket.write(`${options.greeting ?? '220 raw.test ESMTP'}\r\n`);
    socket.on('data', (chunk: Buffer) => {
      seen.chunks.push(chunk.toString('latin1'));
      // This server does not speak TLS: the client's handshake gets an HTTP error.
      if (startedTls) return void socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const text = `\r\n${buffer}`;
          const end = text.indexOf('\r\n.\r\n');
          if (end < 0) return;
          seen.bodies.push(text.slice(2, end + 2));
          buffer = text.slice(end + 5);
          inData = false;
          if (!answer('.')) return;
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const command = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (!answer(command)) return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    ...seen,
    get connections() {
      return seen.connections;
    },
    drop(reply) {
      for (const socket of sockets) {
        if (reply) socket.end(`${reply}\r\n`);
        else socket.destroy();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

// One connection per host: a message waits for the connection the one before used (its RSET included).
function poolFor(port: number, options: { timeoutMs?: number } = {}): SmtpClientPool {
  const pool = new SmtpClientPool({ heloName: 'mw.mailwright.test', port, perHostLimit: 1, ...options });
  cleanup.push(() => pool.close());
  return pool;
}

async function raw(options: Parameters<typeof startRawServer>[0] = {}): Promise<RawServer> {
  const server = await startRawServer(options);
  cleanup.push(() => server.close());
  return server;
}

async function sink(options: Parameters<typeof startMxSink>[0] = {}): Promise<MxSink> {
  const server = await startMxSink(options);
  cleanup.push(() => server.stop());
  return server;
}

const send = (pool: SmtpClientPool, to: string, body = message) => pool.send(target, { from, to }, body);

describe('SMTP client: session', () => {
  it('reads multi-line greeting and EHLO replies, and declares SIZE when offered', async () => {
    const server = await raw({ greeting: '220-raw.test ESMTP\r\n220-no UCE\r\n220 ready', ehlo: EHLO_PLAIN });
    const outcome = await send(poolFor(server.port), 'a@dest.test');
    expect(outcome).toEqual({ code: 250, reply: '250 2.0.0 Ok: queued', unreachable: false, tls: false });
    expect(server.commands.slice(0, 2)).toEqual([
      'EHLO mw.mailwright.test',
      `MAIL FROM:<${from}> SIZE=${message.length}`,
    ]);
  });

  it('falls back to HELO when EHLO gets a 5xx, and then uses no extension', async () => {
    const server = await raw({
      answer: (c) => (c.startsWith('EHLO') ? '502 5.5.2 Command not recognized' : undefined),
    });
    const outcome = await send(poolFor(server.port), 'a@dest.test');
    expect(outcome.code).toBe(250);
    expect(server.commands.slice(0, 3)).toEqual([
      'EHLO mw.mailwright.test',
      'HELO mw.mailwright.test',
      `MAIL FROM:<${from}>`,
    ]);
  });

  it('a refused HELO is a refusal at stage HELO, and the next MX may be tried', async () => {
    const server = await raw({ answer: (c) => (/^(EHLO|HELO)/.test(c) ? '550 5.7.1 Go away' : undefined) });
    const outcome = await send(poolFor(server.port), 'a@dest.test');
    expect(outcome).toMatchObject({ code: 550, reply: '550 5.7.1 Go away', stage: 'HELO', unreachable: true });
  });

  it('a 554 greeting is a refusal at stage CONNECT, answered with QUIT', async () => {
    const server = await raw({ greeting: '554-5.7.1 No SMTP service here\r\n554 5.7.1 Your IP is listed' });
    const outcome = await send(poolFor(server.port), 'a@dest.test');
    expect(outcome).toMatchObject({ code: 554, stage: 'CONNECT', unreachable: true, tls: false });
    expect(outcome.reply).toBe('554-5.7.1 No SMTP service here\n554 5.7.1 Your IP is listed');
    await expect.poll(() => server.commands).toEqual(['QUIT']);
  });

  it('uses STARTTLS when offered', async () => {
    const mx = await sink();
    const outcome = await send(poolFor(mx.port), 'tls@dest.test');
    expect(outcome).toMatchObject({ code: 250, tls: true });
    expect(mx.receivedBy('tls@dest.test')[0]?.tls).toBe(true);
  });

  it('stays in plain text when STARTTLS is not offered', async () => {
    const mx = await sink({ tls: false });
    const outcome = await send(poolFor(mx.port), 'plain@dest.test');
    expect(outcome).toMatchObject({ code: 250, tls: false });
    expect(mx.receivedBy('plain@dest.test')[0]?.tls).toBe(false);
  });

  it('a TLS handshake that fails is a "tls" failure', async () => {
    const server = await raw({
      ehlo: '250-raw.test\r\n250 STARTTLS',
      // The line after the 220 is discarded unread: it came before the handshake (RFC 3207 6).
      answer: (c) => (c === 'STARTTLS' ? '220 Go ahead\r\n250 injected' : undefined),
    });
    const outcome = await send(poolFor(server.port), 'a@dest.test');
    expect(outcome).toMatchObject({ code: null, networkError: 'tls', unreachable: true });
  });

  it('nothing listening is a "connect" failure, and the next MX may be tried', async () => {
    const closed = await raw();
    await closed.close();
    const outcome = await send(poolFor(closed.port), 'a@dest.test');
    expect(outcome).toMatchObject({ code: null, networkError: 'connect', unreachable: true, tls: false });
    expect(outcome.reply).toMatch(/^mx\.dest\.test \[127\.0\.0\.1\]: .*ECONNREFUSED/);
  });

  it('a server that never greets is a "greeting" failure', async () => {
    const server = await raw({ greeting: 'silent' });
    const opening = SmtpClient.open({
      host: target.host,
      ip: target.ip,
      port: server.port,
      heloName: 'mw.mailwright.test',
      socketTimeoutMs: 5000,
      greetingTimeoutMs: 200,
    });
    await expect(opening).rejects.toMatchObject({ kind: 'greeting' });
  });
});

describe('SMTP client: transactions', () => {
  it('pipelines MAIL FROM, RCPT TO and DATA in one write when PIPELINING is offered', async () => {
    const server = await raw({ ehlo: EHLO_PIPELINING });
    expect((await send(poolFor(server.port), 'a@dest.test')).code).toBe(250);
    const envelope = `MAIL FROM:<${from}> SIZE=${message.length}\r\nRCPT TO:<a@dest.test>\r\nDATA\r\n`;
    expect(server.chunks).toContain(envelope);
    // The message and its final dot in one write too.
    expect(server.chunks).toContain(`${message}.\r\n`);
  });

  it('sends command by command without PIPELINING', async () => {
    const server = await raw({ ehlo: EHLO_PLAIN });
    expect((await send(poolFor(server.port), 'a@dest.test')).code).toBe(250);
    const at = server.chunks.findIndex((c) => c.startsWith('MAIL FROM'));
    expect(server.chunks.slice(at, at + 4)).toEqual([
      `MAIL FROM:<${from}> SIZE=${message.length}\r\n`,
      'RCPT TO:<a@dest.test>\r\n',
      'DATA\r\n',
      `${message}.\r\n`,
    ]);
  });

  it('dot-stuffs lines that start with a dot, and the sink gets the message byte for byte', async () => {
    const dotted = Buffer.from(
      '.first line is a dot line\r\nSubject: dots\r\n\r\n.\r\n..x\r\nmiddle .\r\n.\r\nend\r\n',
    );
    const mx = await sink({ tls: false });
    expect((await send(poolFor(mx.port), 'dots@dest.test', dotted)).code).toBe(250);
    expect(mx.receivedBy('dots@dest.test')[0]?.raw.equals(dotted)).toBe(true);

    const server = await raw();
    expect((await send(poolFor(server.port), 'dots@dest.test', dotted)).code).toBe(250);
    expect(server.bodies).toEqual([
      '..first line is a dot line\r\nSubject: dots\r\n\r\n..\r\n...x\r\nmiddle .\r\n..\r\nend\r\n',
    ]);
  });

  it('ends the data with CRLF and makes bare CR and LF into CRLF (no smuggled end of data)', () => {
    const wire = (text: string) => Buffer.concat(dataChunks(Buffer.from(text))).toString();
    expect(wire('a\r\nb')).toBe('a\r\nb\r\n.\r\n');
    expect(wire('a\r\n.\r\nb\r\n')).toBe('a\r\n..\r\nb\r\n.\r\n');
    expect(wire('a\n.\nb\r.\rc')).toBe('a\r\n..\r\nb\r\n..\r\nc\r\n.\r\n');
    expect(wire('.')).toBe('..\r\n.\r\n');
    expect(wire('')).toBe('\r\n.\r\n');
    const body = Buffer.from('no dots here\r\n');
    expect(dataChunks(body)[0]).toBe(body); // nothing to change: the message itself, not a copy
  });

  it('a refusal at RCPT TO (pipelined) reads the DATA reply, resets, and the connection is reused', async () => {
    const mx = await sink({ tls: false });
    mx.script('nobody@dest.test', ['550 5.1.1 No such user here']);
    const pool = poolFor(mx.port);
    const refused = await send(pool, 'nobody@dest.test');
    expect(refused).toEqual({
      code: 550,
      reply: '550 5.1.1 No such user here',
      unreachable: false,
      tls: false,
      stage: 'RCPT',
    });
    expect((await send(pool, 'somebody@dest.test')).code).toBe(250);
    expect(mx.receivedBy('somebody@dest.test')).toHaveLength(1);
    expect(mx.connections()).toBe(1);
  });

  it("a multi-line refusal at RCPT TO keeps all its lines; DATA's 554 is read before RSET", async () => {
    let refusedRcpt = false;
    const server = await raw({
      answer: (c) => {
        if (c.startsWith('RCPT')) refusedRcpt = c.includes('<nobody@');
        if (c.includes('<nobody@'))
          return '550-5.1.1 The email account that you tried to reach does not exist.\r\n550 5.1.1 Please check it.';
        return c === 'DATA' && refusedRcpt ? '554 5.5.1 No valid recipients' : undefined;
      },
    });
    const pool = poolFor(server.port);
    expect(await send(pool, 'nobody@dest.test')).toMatchObject({
      code: 550,
      reply: '550-5.1.1 The email account that you tried to reach does not exist.\n550 5.1.1 Please check it.',
      stage: 'RCPT',
    });
    expect((await send(pool, 'a@dest.test')).code).toBe(250);
    expect(server.commands.filter((c) => !c.startsWith('EHLO'))).toEqual([
      `MAIL FROM:<${from}> SIZE=${message.length}`,
      'RCPT TO:<nobody@dest.test>',
      'DATA',
      'RSET',
      `MAIL FROM:<${from}> SIZE=${message.length}`,
      'RCPT TO:<a@dest.test>',
      'DATA',
      '.',
    ]);
    expect(server.connections).toBe(1);
  });

  it('refusals at MAIL FROM and RCPT TO without PIPELINING: RSET, no DATA, the connection reused', async () => {
    const server = await raw({
      ehlo: EHLO_PLAIN,
      answer: (c) =>
        c.startsWith('MAIL FROM:<refused@')
          ? '553 5.1.8 Sender refused'
          : c.includes('<nobody@')
            ? '450 4.2.1 Busy'
            : undefined,
    });
    const pool = poolFor(server.port);
    expect(await pool.send(target, { from: 'refused@acme.test', to: 'a@dest.test' }, message)).toMatchObject({
      code: 553,
      stage: 'MAIL',
      unreachable: false,
    });
    expect(await send(pool, 'nobody@dest.test')).toMatchObject({ code: 450, stage: 'RCPT' });
    expect((await send(pool, 'a@dest.test')).code).toBe(250);
    expect(server.commands.filter((c) => !c.startsWith('EHLO'))).toEqual([
      `MAIL FROM:<refused@acme.test> SIZE=${message.length}`,
      'RSET',
      `MAIL FROM:<${from}> SIZE=${message.length}`,
      'RCPT TO:<nobody@dest.test>',
      'RSET',
      `MAIL FROM:<${from}> SIZE=${message.length}`,
      'RCPT TO:<a@dest.test>',
      'DATA',
      '.',
    ]);
    expect(server.connections).toBe(1);
  });

  it('4xx and 5xx after DATA are refusals at stage DATA, and the session goes on', async () => {
    const mx = await sink({ tls: false });
    mx.script('later@dest.test', ['451 4.3.0 Try again later'], 'data');
    mx.script('spam@dest.test', ['554 5.7.1 Message rejected as spam'], 'data');
    const pool = poolFor(mx.port);
    expect(await send(pool, 'later@dest.test')).toMatchObject({ code: 451, stage: 'DATA', unreachable: false });
    expect(await send(pool, 'spam@dest.test')).toMatchObject({ code: 554, stage: 'DATA', unreachable: false });
    expect((await send(pool, 'fine@dest.test')).code).toBe(250);
    expect(mx.connections()).toBe(1);
  });

  it('a DATA command refused is stage DATA too', async () => {
    const server = await raw({ answer: (c) => (c === 'DATA' ? '554 5.5.1 No valid recipients' : undefined) });
    expect(await send(poolFor(server.port), 'a@dest.test')).toMatchObject({ code: 554, stage: 'DATA' });
    await expect.poll(() => server.commands.at(-1)).toBe('RSET');
  });

  it('a server closing the connection mid-transaction is a "socket" failure', async () => {
    const afterRcpt = await raw({ answer: (c) => (c.startsWith('RCPT') ? 'close' : undefined) });
    expect(await send(poolFor(afterRcpt.port), 'a@dest.test')).toMatchObject({
      code: null,
      networkError: 'socket',
      unreachable: true,
    });
    const afterData = await raw({ answer: (c) => (c === '.' ? 'close' : undefined) });
    expect(await send(poolFor(afterData.port), 'a@dest.test')).toMatchObject({ code: null, networkError: 'socket' });
  });

  it('an idle connection the server drops (with or without a 421) is not reused and crashes nothing', async () => {
    const server = await raw();
    const pool = poolFor(server.port);
    expect((await send(pool, 'a@dest.test')).code).toBe(250);
    server.drop('421 4.4.2 Idle for too long');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await send(pool, 'b@dest.test')).code).toBe(250);
    server.drop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await send(pool, 'c@dest.test')).code).toBe(250);
    expect(server.connections).toBe(3);
  });

  it('a reused connection that breaks before any reply sends the message again over a new one', async () => {
    let mails = 0;
    const server = await raw({ answer: (c) => (c.startsWith('MAIL') && ++mails === 2 ? 'close' : undefined) });
    const pool = poolFor(server.port);
    expect((await send(pool, 'a@dest.test')).code).toBe(250);
    expect((await send(pool, 'b@dest.test')).code).toBe(250);
    expect(server.connections).toBe(2);
    expect(server.bodies).toHaveLength(2);
  });

  it('a 421 in a transaction ends the session: the next message opens a new connection', async () => {
    const server = await raw({ answer: (c) => (c.includes('<busy@') ? '421 4.7.0 Too many connections' : undefined) });
    const pool = poolFor(server.port);
    expect(await send(pool, 'busy@dest.test')).toMatchObject({ code: 421, stage: 'RCPT', unreachable: false });
    expect((await send(pool, 'a@dest.test')).code).toBe(250);
    expect(server.connections).toBe(2);
  });

  it('no reply within the socket timeout is a "socket" failure', async () => {
    const server = await raw({ answer: (c) => (c === '.' ? 'silent' : undefined) });
    const outcome = await send(poolFor(server.port, { timeoutMs: 300 }), 'a@dest.test');
    expect(outcome).toMatchObject({ code: null, networkError: 'socket', unreachable: true });
  });
});

/**
 * Python's smtpd (3.11's standard library: EHLO without PIPELINING or STARTTLS) as an MX written by other people.
 * It prints each message it receives; a line "READY <port>" tells its port.
 */
async function pythonMx(): Promise<{ port: number; received: () => string; stop: () => void }> {
  const script = [
    'import asyncore, smtpd, sys, warnings',
    'warnings.simplefilter("ignore")',
    'class Mx(smtpd.SMTPServer):',
    '    def process_message(self, peer, mailfrom, rcpttos, data, **kw):',
    '        sys.stdout.write("FROM %s TO %s\\n%s\\n.END\\n" % (mailfrom, ",".join(rcpttos), data.decode()))',
    '        sys.stdout.flush()',
    'server = Mx(("127.0.0.1", 0), None, decode_data=False)',
    'print("READY %d" % server.socket.getsockname()[1], flush=True)',
    'asyncore.loop()',
  ].join('\n');
  const child = spawn('python3', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`python3 smtpd exited with ${code}`)));
    const check = setInterval(() => {
      const ready = /READY (\d+)/.exec(output);
      if (ready) {
        clearInterval(check);
        resolve(Number(ready[1]));
      }
    }, 20);
  });
  return { port, received: () => output, stop: () => child.kill() };
}

describe('SMTP client: another implementation as the MX', () => {
  it("delivers to Python's smtpd command by command, dot-stuffed messages intact", async () => {
    const mx = await pythonMx();
    cleanup.push(async () => mx.stop());
    const pool = poolFor(mx.port);
    const body = Buffer.from('From: app@acme.test\r\nTo: a@dest.test\r\nSubject: Hi\r\n\r\n.leading dot\r\n..two\r\n');
    expect(await send(pool, 'a@dest.test', body)).toMatchObject({ code: 250, tls: false });
    expect(await send(pool, 'b@dest.test')).toMatchObject({ code: 250 });
    await expect.poll(() => mx.received().match(/\.END/g)?.length ?? 0).toBe(2);
    expect(mx.received()).toContain(`FROM ${from} TO a@dest.test`);
    expect(mx.received()).toContain('\n.leading dot\n..two\n');
    expect(mx.received()).toContain(`FROM ${from} TO b@dest.test`);
  });
});
