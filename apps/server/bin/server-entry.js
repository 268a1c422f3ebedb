// Which file `mailwright` runs: the build (apps/server/dist/main.mjs, `npm run build:server`) when it is there and
// newer than every source file of the server and the contract, otherwise the TypeScript sources (Node strips the
// types; the same program at about 30 MB more memory a process). Plain JavaScript, so that choosing costs nothing.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SERVER_DIR = join(import.meta.dirname, '..');
const SOURCES = [join(SERVER_DIR, 'src'), join(SERVER_DIR, '..', '..', 'packages', 'contract', 'src')];
export const BUILT_ENTRY = join(SERVER_DIR, 'dist', 'main.mjs');
export const SOURCE_ENTRY = join(SERVER_DIR, 'src', 'main.ts');

/** The newest modification time of any file under `dir` (installed packages and builds left out). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when dist/main.mjs exists and no source file changed after it was built. */
export function buildIsFresh() {
  if (!existsSync(BUILT_ENTRY)) return false;
  const built = statSync(BUILT_ENTRY).mtimeMs;
  return SOURCES.every((dir) => !existsSync(dir) || newestMtime(dir) <= built);
}

export function serverEntry() {
  return buildIsFresh() ? BUILT_ENTRY : SOURCE_ENTRY;
}
