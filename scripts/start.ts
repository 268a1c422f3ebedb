// `npm start`: builds the console and the server when their sources are newer than the builds, then runs
// `mailwright serve` (the built server, apps/server/bin/mailwright.js) in place of this process.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildIsFresh, newestMtime } from '../apps/server/bin/server-entry.js';

const root = join(import.meta.dirname, '..');
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');

function run(what: string, args: string[]) {
  console.log(what);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const sources = Math.max(newestMtime(join(web, 'src')), newestMtime(join(root, 'packages/contract/src')));
if (!existsSync(built) || statSync(built).mtimeMs < sources)
  run('Building the console…', ['run', 'build', '-w', '@mailwright/web']);
if (!buildIsFresh()) run('Building the server…', ['run', 'build:server']);

const bin = join(root, 'apps/server/bin/mailwright.js');
const args = [bin, 'serve', ...process.argv.slice(2)];
// The server replaces this process (same pid, same terminal), so it never carries this script's TypeScript loader.
if (typeof process.execve === 'function')
  process.execve(process.execPath, [process.execPath, ...args], process.env as Record<string, string>);
else await import(bin);
