import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('one process at a time in an embedded data folder (issue 11)', () => {
  it('refuses a folder held by a live process, naming its pid', () => {
    dir = mkdtempSync(join(tmpdir(), 'mw-lock-'));
    // The parent of this test process (vitest's main process) is alive and is not us.
    writeFileSync(join(dir, 'mailwright.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`the database is in use by a running Mailwright (pid ${process.ppid})`);
  });

  it('takes over a lock left by a process that is gone, and gives it back', () => {
    dir = mkdtempSync(join(tmpdir(), 'mw-lock-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeFileSync(join(dir, 'mailwright.pid'), String(gone));
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'mailwright.pid'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(dir, 'mailwright.pid'))).toBe(false);
  });
});
