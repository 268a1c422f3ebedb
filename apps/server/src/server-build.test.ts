import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_DIR } from '../build.ts';
import { openPglite } from './db/client.ts';
import { freePort, startServerProcess } from './mail/testing/server-process.ts';

// The build production runs (docs/operations.md, "The server's build"): the same program from another folder depth,
// with its lazily loaded parts in files of their own. Built into a folder of its own so a build beside it is untouched.
const outDir = join(SERVER_DIR, `.build-test-${randomBytes(4).toString('hex')}`);
let entry: string;
let dataDir: string;

beforeAll(async () => {
  entry = await buildServer(outDir);
  dataDir = await mkdtemp(join(tmpdir(), 'mw-build-'));
}, 60_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the server build', () => {
  it('splits what a process loads lazily into files of its own', async () => {
    const files = (await readdir(outDir)).filter((name) => name.endsWith('.mjs'));
    expect(files).toContain('main.mjs');
    // main.mjs, the command line, and at least the api role's routes and the smtp role's listener apart.
    expect(files.length).toBeGreaterThan(4);
  });

  it('applies every migration from the sources and serves the API', async () => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
    await promisify(execFile)(process.execPath, [entry, 'migrate'], { env, cwd: join(SERVER_DIR, '../..') });
    const migrations = (await readdir(join(SERVER_DIR, 'src/db/migrations'))).filter((n) => n.endsWith('.sql'));
    const db = await openPglite(dataDir);
    const applied = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
    await db.close();
    expect(applied).toHaveLength(migrations.length);

    const port = await freePort();
    const server = await startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), SMTP_PORT: String(await freePort()) },
      { entry, roles: 'api' },
    );
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(200);
      // It re-executed itself with its heap settings (heap-flags.ts) before serving.
      const commandLine = (await readFile(`/proc/${server.child.pid}/cmdline`, 'utf8')).split('\0');
      expect(commandLine).toEqual(
        expect.arrayContaining(['--max-semi-space-size=8', '--heap-growing-percent=100', entry, 'serve']),
      );
    } finally {
      await server.kill('SIGTERM');
    }
  });
});
