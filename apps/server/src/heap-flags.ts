// Imported first by main.ts: a server process re-executes itself (same pid, same stdio: process.execve) with V8 heap
// settings that keep its memory down before it loads anything else (docs/operations.md, "Per-message cost").
//
// --max-semi-space-size (MAILWRIGHT_SEMI_SPACE_MB, default 8; 0 keeps Node's default): Node 24 lets each semi-space
// grow to 64 MB, so under load the young generation alone held 128 MB per process, mostly garbage between scavenges.
// 8 MB semi-spaces cost no more CPU per message (scavenges copy what is alive, which does not grow with the space).
//
// --heap-growing-percent (MAILWRIGHT_HEAP_GROWING_PERCENT, default 100; 0 keeps V8's own): how far the old generation
// may grow past what the last full collection kept before the next one. V8's own factor reaches 4x on a fast machine;
// under load that let one process with every role reach 274-287 MB, most of it garbage and the short-lived buffers it
// still held (TLS reads, message bodies). 100 (at most twice the live heap) measured 215 MB at 3% more CPU a message.
//
// A flag given in NODE_OPTIONS or on the command line wins; short-lived commands and a platform without execve
// (Windows) keep Node's defaults.
const SETTINGS = [
  { flag: '--max-semi-space-size', env: 'MAILWRIGHT_SEMI_SPACE_MB', fallback: 8 },
  { flag: '--heap-growing-percent', env: 'MAILWRIGHT_HEAP_GROWING_PERCENT', fallback: 100 },
] as const;

function heapFlags(): string[] {
  const command = process.argv[2];
  if (command !== undefined && command !== 'serve') return [];
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return SETTINGS.flatMap(({ flag, env, fallback }) => {
    if (given.some((arg) => arg.startsWith(flag))) return [];
    const value = Number(process.env[env] ?? fallback);
    return Number.isInteger(value) && value > 0 ? [`${flag}=${value}`] : [];
  });
}

const flags = heapFlags();
if (flags.length > 0 && typeof process.execve === 'function') {
  process.execve(
    process.execPath,
    [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)],
    process.env as Record<string, string>,
  );
}
