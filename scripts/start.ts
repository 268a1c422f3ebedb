// `npm start`: builds the console when its sources are newer than the build, then runs `mailwright serve`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(join(web, 'src')), newestMtime(join(root, 'packages/contract/src')));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the console…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@mailwright/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../apps/server/src/main.ts');
