// `npm run build:server`: the server as JavaScript in apps/server/dist (what `mailwright serve` runs in production,
// bin/server-entry.js). Node could run the TypeScript directly, but its type stripping and the hundreds of small
// modules cost each process about 30 MB more memory (docs/operations.md, "Per-message cost"). Packages stay in
// node_modules (external); the server's own modules and the contract are bundled, split where the server loads a
// module lazily (a role's code, a library used rarely) so that a process still loads only what its roles use.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'rolldown';

export const SERVER_DIR = import.meta.dirname;

export async function buildServer(outDir = join(SERVER_DIR, 'dist')): Promise<string> {
  await rm(outDir, { recursive: true, force: true });
  await build({
    input: { main: join(SERVER_DIR, 'src', 'main.ts') },
    platform: 'node',
    // Bare specifiers are packages (node_modules), except the workspace's contract, which is TypeScript source.
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('@mailwright/'),
    output: {
      dir: outDir,
      format: 'esm',
      entryFileNames: '[name].mjs',
      chunkFileNames: '[name]-[hash].mjs',
      sourcemap: true,
    },
    logLevel: 'warn',
  });
  return join(outDir, 'main.mjs');
}

if (import.meta.main) console.log(`built ${await buildServer()}`);
