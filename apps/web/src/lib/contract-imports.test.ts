import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('console imports of the contract', () => {
  // The aggregate holds every endpoint group with its zod schemas; one import of it put the whole contract into every
  // signed-in screen (issue 11's 350 KB budget). Screens import their own group: `statsEndpoints.series`.
  it('never import the `endpoints` aggregate', () => {
    const offenders = sourceFiles(SRC).filter((file) => {
      const imports = readFileSync(file, 'utf8').match(/import\s*\{[^}]*\}\s*from\s*'@mailwright\/contract'/g) ?? [];
      return imports.some((statement) => /[{,\s]endpoints[\s,}]/.test(statement));
    });
    expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
  });
});
