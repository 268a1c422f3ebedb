import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

const REPO_ROOT = join(import.meta.dirname, '../../../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** The last lines it printed (for failure messages). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** A free TCP port on 127.0.0.1 (asked from the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True once something accepts TCP connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * `node apps/server/src/main.ts serve` (or `entry`, e.g. the build) as a child process, resolved once it logs `readyMessage` (JSON logs), or
 * once `readyPort` accepts connections (so it can run with LOG_LEVEL=warn). `roles` limits the roles it runs.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { roles?: string; readyMessage?: string; readyPort?: number; timeoutMs?: number; entry?: string } = {},
): Promise<ServerProcess> {
  const entry = options.entry ?? 'apps/server/src/main.ts';
  const args = [entry, 'serve', ...(options.roles ? ['--roles', options.roles] : [])];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // INBOUND_SMTP_PORT 0: the inbound MX (smtp role) takes a free port, so servers started side by side never clash.
    env: { ...process.env, LOG_PRETTY: 'false', LOG_LEVEL: 'info', HOST: '127.0.0.1', INBOUND_SMTP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = options.readyPort ? null : (options.readyMessage ?? 'Mailwright console');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (ready !== null && output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
    const port = options.readyPort;
    if (port) {
      const poll = async () => {
        while (child.exitCode === null && !(await listening(port))) await new Promise((r) => setTimeout(r, 100));
        clearTimeout(timer);
        resolve();
      };
      void poll();
    }
  });
  return {
    child,
    output: () => output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
