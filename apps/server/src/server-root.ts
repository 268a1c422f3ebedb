import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The server package's folder (apps/server), found by walking up from this module: the same answer whether the
 * server runs from its sources (src/) or from the build (dist/, `npm run build:server`), whose modules sit at another
 * depth. Files the server reads at run time (migrations, its version, the console's build) are found from here.
 */
export const SERVER_ROOT = findServerRoot(import.meta.dirname);

function findServerRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (
      existsSync(file) &&
      (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === '@mailwright/server'
    )
      return dir;
    if (dirname(dir) === dir) throw new Error(`the @mailwright/server package.json was not found above ${from}`);
  }
}
