import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServerProcess } from '../../mail/testing/server-process.ts';

// The CLI and the server on one embedded (PGlite) data folder, as a newcomer runs them: real processes.
const REPO_ROOT = join(import.meta.dirname, '../../../../..');
const ADMIN_PASSWORD = 'cli-test-password-1';
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mw-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function env(): Record<string, string> {
  // DATABASE_URL empty: always the embedded database here, whatever the test run uses elsewhere.
  return { DATA_DIR: dataDir, DATABASE_URL: '', MAILWRIGHT_ADMIN_PASSWORD: ADMIN_PASSWORD, SANDBOX: 'off' };
}

function cli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/server/src/main.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function startServer(port: number): Promise<ServerProcess> {
  return startServerProcess(
    { ...env(), PORT: String(port), SMTP_PORT: String(await freePort()), DNS_SERVERS: '127.0.0.1:9' },
    { readyMessage: 'Mailwright console', timeoutMs: 120_000 },
  );
}

async function signInStatus(port: number, username: string, password: string): Promise<number> {
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return login.status;
}

describe('mailwright user create beside a running server (issue 11)', () => {
  it('refuses while the server holds the embedded database, and never writes behind it', {
    timeout: 300_000,
  }, async () => {
    const port = await freePort();
    const server = await startServer(port);
    try {
      const refused = await cli([
        'user',
        'create',
        '--username',
        'late',
        '--password',
        'late-pass-12',
        '--role',
        'admin',
      ]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`the database is in use by a running Mailwright (pid ${server.child.pid})`);
    } finally {
      await server.kill('SIGTERM');
    }
    // Stopped: the CLI may write, and the next start sees exactly what it wrote.
    const created = await cli([
      'user',
      'create',
      '--username',
      'late',
      '--password',
      'late-pass-12',
      '--role',
      'admin',
    ]);
    expect(created.output).toMatch(/created user late \(uid \d+\)/);
    expect(created.code).toBe(0);
    const again = await startServer(port);
    try {
      expect(await signInStatus(port, 'late', 'late-pass-12')).toBe(200);
      expect(await signInStatus(port, 'admin', ADMIN_PASSWORD)).toBe(200);
    } finally {
      await again.kill('SIGTERM');
    }
  });
});
