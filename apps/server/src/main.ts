// First: a server re-executes itself with its V8 heap settings (heap-flags.ts) before anything else loads; the
// command line comes after, so a build that hoists packages to the top of a file cannot load them twice.
import './heap-flags.ts';

await import('./cli.ts');
