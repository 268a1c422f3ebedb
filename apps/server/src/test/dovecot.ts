import { spawn } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { chownSync, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate } from 'mailauth';
import { SMTPServer } from 'smtp-server';

/**
 * A real IMAP server for the seed tests: Debian's Dovecot 2.3 with Pigeonhole Sieve, started rootless on a free
 * loopback port with everything in a temp dir (config as in the reference's "Rootless Dovecot on loopback"), and an
 * SMTP relay in front of it. The relay is the MX the seed addresses' domains point at: Dovecot's LMTP is not SMTP
 * (and Debian ships it as a separate package), so each message is handed to `dovecot-lda`, which runs Sieve as a
 * real delivery does (IMAP APPEND would not). Messages to a `drop` user are accepted and thrown away: "missing".
 */

const DOVECOT = '/usr/sbin/dovecot';
const DOVEADM = '/usr/bin/doveadm';
const LDA = '/usr/lib/dovecot/dovecot-lda';

/** Runs a command with no pipes: Dovecot daemonises, and its children would hold an inherited pipe open for ever. */
function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { stdio: 'ignore' });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${cmd} exit ${code}`))));
  });
}

export interface DovecotUser {
  /** The IMAP login and the local part of the address the relay delivers to (username_format=%n). */
  name: string;
  password: string;
  /** Mail to this user is accepted by the relay and never delivered (a provider that silently drops). */
  drop?: boolean;
  /** This user's Sieve files messages whose subject contains the junk word into Junk (a strict filter). */
  strict?: boolean;
}

export interface Dovecot {
  host: '127.0.0.1';
  imapPort: number;
  /** The SMTP relay (the seed domains' MX) that hands messages to dovecot-lda. */
  relayPort: number;
  /** Messages the relay took, by recipient local part, and what became of them. */
  readonly relayed: { to: string; outcome: 'delivered' | 'dropped' | 'failed' }[];
  /**
   * Have the relay write an Authentication-Results header (SPF, DKIM, DMARC by mailauth, as `mx.seed.test`) on every
   * message, asking these DNS servers, as a provider's MX does. Without it no header is added.
   */
  checkAuthentication(dnsServers: string[]): void;
  stop(): Promise<void>;
}

export interface DovecotOptions {
  users: DovecotUser[];
  /** A strict user's Sieve files a message into Junk when its subject contains this word (default "offer"). */
  junkWord?: string;
}

export const dovecotInstalled = () => existsSync(DOVECOT) && existsSync(LDA);

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail).listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

// A non-root Dovecot cannot switch users: everything runs as one user. As root (CI, this machine) that is nobody,
// as the reference's setpriv line does; otherwise the user running the tests.
const asRoot = process.getuid?.() === 0;
const runAs = asRoot ? { uid: 65534, gid: 65534 } : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
const dropped = (cmd: string, args: string[]) =>
  asRoot
    ? { cmd: '/usr/bin/setpriv', args: ['--reuid=65534', '--regid=65534', '--clear-groups', cmd, ...args] }
    : { cmd, args };

const sieveString = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

function config(dir: string, imapPort: number): string {
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/log/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = ${asRoot ? 'nobody' : process.env.USER || 'nobody'}
default_internal_user = ${asRoot ? 'nobody' : process.env.USER || 'nobody'}
default_internal_group = ${asRoot ? 'nogroup' : process.env.USER || 'nogroup'}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%n ${dir}/passwd
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
protocol lda {
  mail_plugins = $mail_plugins sieve
}
lda_mailbox_autocreate = yes
postmaster_address = postmaster@seed.test
plugin {
  sieve_before = ${dir}/sieve/before.sieve
}
`;
}

function sieve(users: DovecotUser[], junkWord: string): string {
  const strict = users.filter((u) => u.strict).map((u) => sieveString(u.name));
  const lines = [
    'require ["fileinto", "mailbox", "envelope"];',
    'if header :contains "X-Seed-Spam" "yes" { fileinto :create "Junk"; stop; }',
  ];
  if (strict.length) {
    lines.push(
      `if allof (envelope :localpart :is "to" [${strict.join(', ')}], header :contains "subject" ${sieveString(junkWord)}) { fileinto :create "Junk"; stop; }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Hands one message to dovecot-lda for a user; Sieve decides the folder. */
function deliver(confPath: string, user: string, from: string, raw: Buffer): Promise<void> {
  const { cmd, args } = dropped(LDA, ['-c', confPath, '-d', user, '-f', from || 'MAILER-DAEMON']);
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? ok() : fail(new Error(`dovecot-lda exit ${code}: ${stderr}`))));
    child.stdin.end(raw);
  });
}

export async function startDovecot(options: DovecotOptions): Promise<Dovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'mw-dovecot-'));
  for (const sub of ['run', 'state', 'log', 'sieve', 'mail']) await mkdir(join(dir, sub));
  const imapPort = await freePort();
  const confPath = join(dir, 'dovecot.conf');
  await writeFile(confPath, config(dir, imapPort));
  await writeFile(
    join(dir, 'passwd'),
    options.users
      .map((u) => `${u.name}:{PLAIN}${u.password}:${runAs.uid}:${runAs.gid}::${join(dir, 'mail', u.name)}::\n`)
      .join(''),
  );
  await writeFile(join(dir, 'sieve', 'before.sieve'), sieve(options.users, options.junkWord ?? 'offer'));
  if (asRoot) {
    for (const path of ['', 'run', 'state', 'log', 'sieve', 'mail', 'dovecot.conf', 'passwd', 'sieve/before.sieve']) {
      chownSync(join(dir, path), runAs.uid, runAs.gid);
    }
  }
  const start = dropped(DOVECOT, ['-c', confPath]);
  try {
    await run(start.cmd, start.args);
  } catch (error) {
    const log = await readFile(join(dir, 'log', 'dovecot.log'), 'utf8').catch(() => '');
    throw new Error(`dovecot did not start: ${(error as Error).message}\n${log}`);
  }
  await waitForPort(imapPort);

  const users = new Map(options.users.map((u) => [u.name.toLowerCase(), u]));
  const relayed: Dovecot['relayed'] = [];
  let resolver: Resolver | null = null;
  const stamp = async (raw: Buffer, ip: string, helo: string, sender: string): Promise<Buffer> => {
    if (!resolver) return raw;
    const dns = resolver;
    const result = await authenticate(raw, {
      ip,
      helo,
      sender,
      mta: 'mx.seed.test',
      disableArc: true,
      disableBimi: true,
      // mailauth's type names only TXT and address answers; MX answers (objects) are passed on as they come.
      resolver: (name: string, type: string) => dns.resolve(name, type) as Promise<string[] | string[][]>,
    });
    return Buffer.concat([Buffer.from(result.headers), raw]);
  };
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const local = address.address.slice(0, address.address.lastIndexOf('@')).toLowerCase();
      if (!users.has(local)) return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        try {
          const raw = await stamp(Buffer.concat(chunks), session.remoteAddress, session.hostNameAppearsAs, from);
          for (const rcpt of session.envelope.rcptTo) {
            const local = rcpt.address.slice(0, rcpt.address.lastIndexOf('@')).toLowerCase();
            if (users.get(local)?.drop) {
              relayed.push({ to: local, outcome: 'dropped' });
              continue;
            }
            try {
              await deliver(confPath, local, from, raw);
              relayed.push({ to: local, outcome: 'delivered' });
            } catch (error) {
              relayed.push({ to: local, outcome: 'failed' });
              throw error;
            }
          }
          callback();
        } catch (error) {
          callback(Object.assign(new Error(`4.3.0 ${(error as Error).message.slice(0, 200)}`), { responseCode: 451 }));
        }
      });
    },
  });
  const relayPort = await new Promise<number>((ok, fail) => {
    relay.server.once('error', fail);
    relay.listen(0, '127.0.0.1', () => {
      const address = relay.server.address();
      ok(typeof address === 'object' && address ? address.port : 0);
    });
  });

  return {
    host: '127.0.0.1',
    imapPort,
    relayPort,
    relayed,
    checkAuthentication(dnsServers) {
      resolver = new Resolver({ timeout: 2000, tries: 1 });
      resolver.setServers(dnsServers);
    },
    async stop() {
      await new Promise<void>((ok) => relay.close(() => ok()));
      const stop = dropped(DOVEADM, ['-c', confPath, 'stop']);
      await run(stop.cmd, stop.args).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const { connect } = await import('node:net');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((ok) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        ok(true);
      });
      socket.once('error', () => ok(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`dovecot: nothing listens on ${port}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}
