// `npm run bench:throughput [-- --messages 20000 --db both|pglite|postgres --via both|smtp|http --client lean|nodemailer
//                              --template --cpu-prof DIR --processes 1|2 --source]`
//
// End-to-end throughput of the mail engine on loopback: N messages of ~2 KB submitted over SMTP (STARTTLS + AUTH,
// pipelined, see smtp-load-client.ts; `--client nodemailer` for nodemailer's pool) and over HTTP (native JSON API,
// keep-alive) into Mailwright running in processes of its own, DKIM-signed, stored with their events and delivered
// to a local MX sink (another process). Prints accepted/s, delivered/s, p50/p99 accept latency, peak memory and CPU
// per message of every process, on PGlite and on PostgreSQL: one process with every role, as `mailwright serve` runs
// by default (`--processes 2` on PostgreSQL: an api+smtp process and a worker process). The servers run the server's
// build (apps/server/dist, built first, as production runs it); `--source` runs the TypeScript sources instead.
//
// `--template` (issue 13): every run is made twice, without and with a template (the same ~2 KB of text as a
// Handlebars template with an {{#each}} list and variables; one rendering per message, at intake, with the message's
// own variables: the native API's `template` + `variables`, the X-Mailwright-Template and X-Mailwright-Variables header
// fields over SMTP), and accepted/s of both are printed side by side.
//
// `--cpu-prof DIR` (issue 17): the Mailwright processes write V8 CPU profiles (.cpuprofile, one per process, written
// when the bench stops them; a server's re-exec with its heap flags, heap-flags.ts, leaves a small startup profile
// under the same pid first) into DIR, to open in Chrome DevTools or VS Code. The profiler samples wall time: on a
// busy machine a function's share includes the time its thread waited for a core.
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { buildServer } from '../apps/server/build.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { freePort, type ServerProcess, startServerProcess } from '../apps/server/src/mail/testing/server-process.ts';
import { installSecretKeys, loadSecretKeys } from '../apps/server/src/secrets/secret-keys.ts';
import { type LocalDns, startLocalDns } from '../apps/server/src/test/local-dns.ts';
import { type SeededSender, seedSender } from '../apps/server/src/test/seed-sender.ts';
import { createBenchDatabase } from './bench-db.ts';
import { SmtpLoadConnection } from './smtp-load-client.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '20000' },
    db: { type: 'string', default: 'both' },
    via: { type: 'string', default: 'both' },
    concurrency: { type: 'string', default: '200' },
    client: { type: 'string', default: 'lean' },
    template: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    processes: { type: 'string', default: '1' },
    source: { type: 'boolean', default: false },
  },
});
const N = Number(values.messages);
if (values.processes !== '1' && values.processes !== '2') throw new Error('--processes is 1 (every role) or 2');
const WINDOW = Number(values.concurrency);
const BODY = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. '.repeat(23)}\n`;

type Mode = 'plain' | 'template';

interface Result {
  db: string;
  via: string;
  mode: Mode;
  /** CPU time (user + system) per message: Mailwright processes, PostgreSQL backends of the bench database, sink. */
  cpuMs: { mailwright: number; postgres: number; sink: number; client: number };
  accepted: number;
  acceptedPerSec: number;
  deliveredPerSec: number;
  p50: number;
  p99: number;
  peakRssMb: number;
  /** Each Mailwright process's own peak, in the order started (PostgreSQL: api+smtp, then worker). */
  peakRssEachMb: number[];
  duplicates: number;
}

// ---------- the sink process ----------
class SinkProcess {
  readonly child: ChildProcess;
  port = 0;
  constructor() {
    this.child = fork(join(import.meta.dirname, 'throughput-sink.ts'), { stdio: 'inherit' });
  }
  ready(): Promise<void> {
    return new Promise((resolve) =>
      this.child.once('message', (m: { port: number }) => {
        this.port = m.port;
        resolve();
      }),
    );
  }
  ask<T>(what: string): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (m: T) => resolve(m));
      this.child.send({ ask: what });
    });
  }
  stop() {
    this.child.disconnect();
  }
}

// ---------- memory sampling ----------
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Peak of the processes' summed RSS, and each process's own peak (which need not fall at the same moment). */
function sampleMemory(pids: number[]) {
  let peak = 0;
  const each = pids.map(() => 0);
  const timer = setInterval(() => {
    const now = pids.map(rssMb);
    now.forEach((mb, i) => {
      each[i] = Math.max(each[i] ?? 0, mb);
    });
    peak = Math.max(
      peak,
      now.reduce((sum, mb) => sum + mb, 0),
    );
  }, 100);
  return () => {
    clearInterval(timer);
    return { peak, each };
  };
}

/** CPU seconds (utime + stime) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving one database (their command line names it). */
function postgresBackends(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/**
 * CPU used by a database's PostgreSQL backends from now on. Backends come and go with the pools (idle ones close),
 * so they are sampled every 100 ms and each keeps its last reading after it ends.
 */
function trackBackendCpu(database: string | null) {
  const readAll = () => new Map((database ? postgresBackends(database) : []).map((pid) => [pid, cpuSeconds(pid)]));
  const atStart = readAll();
  const last = new Map(atStart);
  const sample = () => {
    for (const [pid, cpu] of readAll()) last.set(pid, cpu);
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    let used = 0;
    // A backend that appeared during the run counts from zero; one there at the start from its first reading.
    for (const [pid, cpu] of last) used += cpu - (atStart.get(pid) ?? 0);
    return used;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

// ---------- load generators ----------
async function runWindow(count: number, send: (i: number, worker: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const workers = Array.from({ length: Math.min(WINDOW, count) }, async (_, worker) => {
    while (next < count) {
      const i = next++;
      const started = performance.now();
      await send(i, worker);
      latencies.push(performance.now() - started);
    }
  });
  await Promise.all(workers);
  return latencies;
}

async function submitSmtp(port: number, sender: SeededSender, offset: number, mode: Mode) {
  if (values.client === 'nodemailer') return submitSmtpNodemailer(port, sender, offset, mode);
  const connections = await Promise.all(
    Array.from({ length: Math.min(WINDOW, N) }, () =>
      SmtpLoadConnection.open(port, sender.smtpLogin, sender.smtpPassword),
    ),
  );
  const from = `bench@${sender.domain}`;
  try {
    return await runWindow(N, async (i, worker) => {
      const to = `rcpt${offset + i}@sink.test`;
      // The prebuilt message has no line starting with a dot: nothing to stuff.
      const raw = mode === 'template' ? templatedMessage(sender, offset + i) : rawMessage(sender, offset + i);
      await (connections[worker] as SmtpLoadConnection).send(from, to, Buffer.from(raw));
    });
  } finally {
    for (const connection of connections) connection.close();
  }
}

// Messages are prebuilt (as a sending application with its own templates would hand them over), so the load
// generator spends its CPU on the protocol, not on building MIME: the machine's cores are shared with Mailwright.
const rawMessage = (sender: SeededSender, i: number) =>
  `From: Bench <bench@${sender.domain}>\r\nTo: rcpt${i}@sink.test\r\nSubject: Throughput ${i}\r\n` +
  `Date: ${new Date().toUTCString()}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n` +
  BODY.replace(/\n/g, '\r\n');

// ---------- the template (--template) ----------
const TEMPLATE_NAME = 'bench-receipt';
// The same ~2 KB of text as BODY, with a greeting, an {{#each}} list and a default: what a receipt template prints.
const TEMPLATE_TEXT =
  'Hello {{name}},\n\nYour order {{order}}:\n{{#each items}}- {{this.title}}: {{this.price}}\n{{/each}}' +
  `Paid with {{default card "a card"}}.\n\n${BODY.slice(0, 1900)}`;
const variablesFor = (i: number) => ({
  name: `Recipient ${i}`,
  order: `A-${i}`,
  items: [
    { title: 'Tea', price: '3.50' },
    { title: `Biscuits ${i % 7}`, price: '2.10' },
  ],
});

/** A template of the bench domain with one active version, written as the templates feature writes one. */
async function seedTemplate(db: Db, sender: SeededSender) {
  const { id } = await db.one<{ id: number }>(
    `INSERT INTO templates (customer_id, domain_id, name, description) VALUES ($1, $2, $3, 'bench') RETURNING id`,
    [sender.customerId, sender.domainId, TEMPLATE_NAME],
  );
  await db.query(
    `INSERT INTO template_versions (template_id, tag, subject, text, created_by, active)
     VALUES ($1, 'v1', 'Your order {{order}}', $2, 'bench', true)`,
    [id, TEMPLATE_TEXT],
  );
}

/** Over SMTP the template is named in header fields (docs/templates.md); the body the client sends is replaced. */
const templatedMessage = (sender: SeededSender, i: number) =>
  `From: Bench <bench@${sender.domain}>\r\nTo: rcpt${i}@sink.test\r\nSubject: Throughput ${i}\r\n` +
  `Date: ${new Date().toUTCString()}\r\nMIME-Version: 1.0\r\nX-Mailwright-Template: ${TEMPLATE_NAME}\r\n` +
  `X-Mailwright-Variables: ${JSON.stringify(variablesFor(i))}\r\n` +
  'Content-Type: text/plain; charset=utf-8\r\n\r\n(replaced by the template)\r\n';

async function submitSmtpNodemailer(port: number, sender: SeededSender, offset: number, mode: Mode) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    pool: true,
    maxConnections: WINDOW, // as many connections as messages in flight, like the HTTP run
    maxMessages: Number.POSITIVE_INFINITY,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user: sender.smtpLogin, pass: sender.smtpPassword },
  });
  try {
    return await runWindow(N, async (i) => {
      const to = `rcpt${offset + i}@sink.test`;
      const raw = mode === 'template' ? templatedMessage(sender, offset + i) : rawMessage(sender, offset + i);
      await transport.sendMail({ envelope: { from: `bench@${sender.domain}`, to: [to] }, raw });
    });
  } finally {
    transport.close();
  }
}

// A keep-alive agent with one socket per message in flight; node:http costs the load generator less CPU than fetch.
async function submitHttp(url: string, sender: SeededSender, offset: number, mode: Mode) {
  const agent = new Agent({ keepAlive: true, maxSockets: WINDOW });
  const target = new URL(`${url}/api/v1/send`);
  try {
    return await runWindow(N, async (i) => {
      const body = JSON.stringify({
        from: `Bench <bench@${sender.domain}>`,
        to: `rcpt${offset + i}@sink.test`,
        subject: `Throughput ${offset + i}`,
        ...(mode === 'template' ? { template: TEMPLATE_NAME, variables: variablesFor(offset + i) } : { text: BODY }),
      });
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest(
          target,
          {
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${sender.sendingToken}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              response.statusCode === 200
                ? resolve()
                : reject(new Error(`HTTP ${response.statusCode}: ${Buffer.concat(chunks).toString()}`)),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    });
  } finally {
    agent.destroy();
  }
}

async function waitForPort(port: number) {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---------- one database ----------
async function benchDatabase(kind: 'pglite' | 'postgres', dns: LocalDns, sink: SinkProcess): Promise<Result[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mw-bench-'));
  const pgDb = kind === 'postgres' ? await createBenchDatabase() : null;
  const results: Result[] = [];
  const servers: ServerProcess[] = [];
  try {
    const db: Db = pgDb ? await openPostgres(pgDb.url, 2) : await openPglite(dataDir);
    await migrate(db);
    // The key file in the data folder: the servers find it there and open the DKIM key sealed here.
    installSecretKeys(await loadSecretKeys(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '' })));
    const sender = await seedSender(db, 'bench.test');
    if (values.template) await seedTemplate(db, sender);
    await db.close();
    dns.set(`${sender.selector}._domainkey.bench.test`, 'TXT', [sender.dkimRecord]);

    const smtpPort = await freePort();
    const apiPort = await freePort();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: pgDb?.url ?? '',
      PORT: String(apiPort),
      SMTP_PORT: String(smtpPort),
      OUTBOUND_SMTP_PORT: String(sink.port),
      DNS_SERVERS: dns.servers.join(','),
      MAIL_HOSTNAME: 'mw.bench.test',
      MAILWRIGHT_ADMIN_PASSWORD: 'bench-password-1',
      DELIVERY_CONCURRENCY: '50',
      LOG_LEVEL: 'warn',
      ...(values['cpu-prof'] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${values['cpu-prof']}` } : {}),
    };
    // Warnings only: request logs would be part of what is measured. Ready when the ports answer.
    if (kind === 'pglite' || values.processes === '1') {
      servers.push(await startServerProcess(env, { readyPort: smtpPort, entry }));
    } else {
      servers.push(await startServerProcess(env, { roles: 'api,smtp', readyPort: smtpPort, entry }));
      // The worker opens no port: it is ready when it says so (its one info line).
      servers.push(
        await startServerProcess(
          { ...env, LOG_LEVEL: 'info' },
          { roles: 'worker', readyMessage: 'delivery worker started', entry },
        ),
      );
    }
    await waitForPort(apiPort);
    const pids = servers.map((s) => s.child.pid as number);

    const vias = values.via === 'both' ? ['smtp', 'http'] : [values.via as string];
    const modes: Mode[] = values.template ? ['plain', 'template'] : ['plain'];
    const runs = vias.flatMap((via) => modes.map((mode) => ({ via, mode })));
    let offset = 0;
    for (const { via, mode } of runs) {
      await sink.ask('reset');
      const peak = sampleMemory(pids);
      const postgresCpu = trackBackendCpu(pgDb?.name ?? null);
      const sinkPid = sink.child.pid as number;
      const cpuBefore = {
        mw: cpuOf(pids),
        sink: cpuSeconds(sinkPid),
        client: cpuSeconds(process.pid),
      };
      const started = performance.now();
      const latencies =
        via === 'smtp'
          ? await submitSmtp(smtpPort, sender, offset, mode)
          : await submitHttp(`http://127.0.0.1:${apiPort}`, sender, offset, mode);
      const acceptedAt = performance.now();
      let stats = await sink.ask<{ count: number; unique: number }>('stats');
      while (stats.unique < N) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        stats = await sink.ask('stats');
      }
      const deliveredAt = performance.now();
      const memory = peak();
      const perMessage = (seconds: number) => (seconds * 1000) / N;
      latencies.sort((a, b) => a - b);
      results.push({
        db: kind,
        via,
        mode,
        cpuMs: {
          mailwright: perMessage(cpuOf(pids) - cpuBefore.mw),
          postgres: perMessage(postgresCpu()),
          sink: perMessage(cpuSeconds(sinkPid) - cpuBefore.sink),
          client: perMessage(cpuSeconds(process.pid) - cpuBefore.client),
        },
        accepted: latencies.length,
        acceptedPerSec: latencies.length / ((acceptedAt - started) / 1000),
        deliveredPerSec: N / ((deliveredAt - started) / 1000),
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        peakRssMb: memory.peak,
        peakRssEachMb: memory.each.map((mb) => Math.round(mb)),
        duplicates: stats.count - stats.unique,
      });
      console.log(`  ${kind}/${via}/${mode}: done`, results.at(-1));
      offset += N;
    }
  } finally {
    for (const server of servers) await server.kill('SIGTERM');
    await pgDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}

// ---------- main ----------
const dns = await startLocalDns();
dns.set('sink.test', 'MX', [{ exchange: 'mx.sink.test', priority: 10 }]);
dns.set('mx.sink.test', 'A', ['127.0.0.1']);
const sink = new SinkProcess();
await sink.ready();
// What production runs (the server's build, apps/server/dist); `--source` measures the TypeScript sources instead.
const entry = values.source ? 'apps/server/src/main.ts' : await buildServer();
const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];
console.log(
  `Mailwright throughput: ${N} messages of ~2 KB per run, ${cpus().length} CPUs, window ${WINDOW}, ` +
    `SMTP client ${values.client}, ` +
    `${values.processes === '1' ? 'one process with every role' : 'on PostgreSQL an api+smtp and a worker process'}, ` +
    `load average before: ${loadavg()[0]?.toFixed(1)}`,
);
const all: Result[] = [];
try {
  for (const kind of kinds) all.push(...(await benchDatabase(kind, dns, sink)));
} finally {
  sink.stop();
  await dns.stop();
}
console.log(
  `\nload average after: ${loadavg()[0]?.toFixed(1)} (other work on the machine slows every figure but CPU/msg)`,
);
console.log(
  'db        via   mode      messages  accepted/s  delivered/s  p50 ms  p99 ms  peak RSS MB  duplicates' +
    '  CPU ms/msg: mailwright  postgres  sink  client  CPU-bound max/s',
);
for (const r of all) {
  console.log(
    [
      r.db.padEnd(9),
      r.via.padEnd(5),
      r.mode.padEnd(8),
      String(r.accepted).padStart(8),
      r.acceptedPerSec.toFixed(0).padStart(11),
      r.deliveredPerSec.toFixed(0).padStart(12),
      r.p50.toFixed(1).padStart(7),
      r.p99.toFixed(1).padStart(7),
      r.peakRssMb.toFixed(0).padStart(12),
      String(r.duplicates).padStart(11),
      r.cpuMs.mailwright.toFixed(2).padStart(24),
      r.cpuMs.postgres.toFixed(2).padStart(9),
      r.cpuMs.sink.toFixed(2).padStart(5),
      r.cpuMs.client.toFixed(2).padStart(7),
      // What these CPU costs allow on this machine's cores with nothing else running (everything counted).
      ((cpus().length * 1000) / (r.cpuMs.mailwright + r.cpuMs.postgres + r.cpuMs.sink + r.cpuMs.client))
        .toFixed(0)
        .padStart(16),
    ].join(' '),
  );
}
if (values.template) {
  console.log('\nwith a template (one Handlebars rendering per message) against without, side by side:');
  console.log('db        via   accepted/s plain  accepted/s template  ratio  CPU ms/msg plain  template');
  for (const plain of all.filter((r) => r.mode === 'plain')) {
    const templated = all.find((r) => r.mode === 'template' && r.db === plain.db && r.via === plain.via);
    if (!templated) continue;
    console.log(
      [
        plain.db.padEnd(9),
        plain.via.padEnd(5),
        plain.acceptedPerSec.toFixed(0).padStart(16),
        templated.acceptedPerSec.toFixed(0).padStart(20),
        (templated.acceptedPerSec / plain.acceptedPerSec).toFixed(2).padStart(6),
        plain.cpuMs.mailwright.toFixed(2).padStart(17),
        templated.cpuMs.mailwright.toFixed(2).padStart(9),
      ].join(' '),
    );
  }
}
