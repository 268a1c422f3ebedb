import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
// E2E_WEB_DIST: a console built elsewhere (`vite build --outDir …`), so a journey run is not disturbed by another
// engineer rebuilding apps/web/dist at the same time.
const WEB_DIST = process.env.E2E_WEB_DIST || join(REPO_ROOT, 'apps/web/dist');
const STARTUP_TIMEOUT_MS = 60_000;

export const ADMIN_USERNAME = 'admin';
/** The discard port on loopback: DNS lookups fail at once instead of leaving the machine. */
const NO_DNS = '127.0.0.1:9';

/** A real Mailwright process (API + built console) on a loopback port, with its own PGlite data directory. */
export interface MailwrightServer {
  url: string;
  port: number;
  dataDir: string;
  adminPassword: string;
  /** Stops the process (SIGTERM), as an outage would; the data directory stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  restart(): Promise<void>;
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>;
}

export interface StartOptions {
  /**
   * Extra environment for the server process, e.g. DNS_SERVERS at a local DNS server and OUTBOUND_SMTP_PORT at a
   * local MX sink for a journey that sends mail. By default the submission listener gets a free port and DNS goes to
   * a loopback port where nothing answers, so no journey ever asks a real resolver (nor mails a real host).
   */
  env?: Record<string, string>;
}

export async function startMailwright(options: StartOptions = {}): Promise<MailwrightServer> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('The console is not built: run `npm run build` before the browser journeys.');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'mailwright-e2e-'));
  const port = await freePort();
  const adminPassword = `e2e-${Math.random().toString(36).slice(2)}-Pw`;
  const url = `http://127.0.0.1:${port}`;
  // A port of its own for the submission listener, so two servers (or a run beside a dev server) never clash.
  const env = {
    SMTP_PORT: String(await freePort()),
    // The inbound MX (bounces) of the smtp role likewise (engineer H).
    INBOUND_SMTP_PORT: String(await freePort()),
    // The sandbox's catch-all MX too (its default, 2527, would clash between servers side by side).
    SANDBOX_MX_PORT: String(await freePort()),
    DNS_SERVERS: NO_DNS,
    ...options.env,
  };
  let child: ChildProcess | null = await launch(port, dataDir, adminPassword, url, env);

  const stop = async () => {
    if (!child) return;
    const running = child;
    child = null;
    await terminate(running);
  };
  return {
    url,
    port,
    dataDir,
    adminPassword,
    stop,
    async restart() {
      await stop();
      child = await launch(port, dataDir, adminPassword, url, env);
    },
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function launch(
  port: number,
  dataDir: string,
  adminPassword: string,
  url: string,
  extraEnv: Record<string, string>,
): Promise<ChildProcess> {
  // process.execPath is the repo's pinned Node (the test command runs through node_modules/.bin).
  const child = spawn(process.execPath, ['apps/server/bin/mailwright.js', 'serve', '--port', String(port)], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAILWRIGHT_ADMIN_USERNAME: ADMIN_USERNAME,
      MAILWRIGHT_ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      WEB_DIST_DIR: WEB_DIST,
      PUBLIC_URL: url,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Mailwright exited during start-up:\n${output}`);
    if (await healthy(url)) return child;
    await new Promise((done) => setTimeout(done, 150));
  }
  await terminate(child);
  throw new Error(`Mailwright did not answer /api/health within ${STARTUP_TIMEOUT_MS} ms:\n${output}`);
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}
