import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { openTestDb } from './test/test-db.ts';

describe('S7-109 a started server registers its process, and a stopped one leaves the list', () => {
  it('writes a row with its roles, pid and version at start and removes it in stop()', async () => {
    const db = await openTestDb();
    const dataDir = await mkdtemp(join(tmpdir(), 'mw-processes-'));
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', MAILWRIGHT_ADMIN_PASSWORD: 'registration-pass-1', SANDBOX: 'off' },
      { webDistDir: '/nonexistent', publicUrl: 'http://console.test', port: 0, dataDir },
    );
    try {
      const server = await startServer(config, ['api'], { db });
      const rows = await db.query<{ roles: string[]; pid: number; version: string }>(
        'SELECT roles, pid, version FROM processes',
      );
      expect(rows).toEqual([{ roles: ['api'], pid: process.pid, version: expect.stringMatching(/^\d+\.\d+\.\d+/) }]);
      await server.stop();
      expect(await db.query('SELECT id FROM processes')).toEqual([]);
    } finally {
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
