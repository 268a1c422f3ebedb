import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder (the CLI beside a running server, or
 * a second server) writes behind the first one's back, and both lose data. Whoever opens the folder holds this lock
 * file for as long as it has it open; a lock left by a process that is gone is taken over.
 */
export class DataDirInUseError extends Error {
  readonly pid: number;
  constructor(pid: number) {
    super(`the database is in use by a running Mailwright (pid ${pid})`);
    this.pid = pid;
  }
}

const LOCK_FILE = 'mailwright.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock or throws DataDirInUseError; answers the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(holder);
      // Left behind by a process that died (or unreadable): take it over.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not take the lock ${path}`);
}
