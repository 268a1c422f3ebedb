// `npm test`: the whole suite — lint, types, unit and route tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL
// is set), the builds (console, and the server that the journeys run), then the browser journeys in Debian's Chromium.
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['lint', ['npx', 'biome', 'ci', '.']],
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['unit and route tests', ['npx', 'vitest', 'run']],
  ['build (console and server)', ['npm', 'run', 'build']],
  ['browser journeys', ['npx', 'playwright', 'test']],
];
const only = process.argv[2];
for (const [name, [command, ...args]] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command as string, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n${name} failed`);
    process.exit(result.status ?? 1);
  }
}
