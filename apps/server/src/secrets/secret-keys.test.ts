import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { loadMailSecret } from '../mail/mail-tokens.ts';
import { countSecretsByKey } from './reseal.ts';
import { installSecretKeys, loadSecretKeys, newSecretKeyEntry, parseSecretKeys } from './secret-keys.ts';

const REPO_ROOT = join(import.meta.dirname, '../../../..');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mw-keys-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const settings = (dataDir: string, more: Partial<Parameters<typeof loadSecretKeys>[0]> = {}) => ({
  secretKeys: undefined,
  dataDir,
  env: 'development',
  databaseUrl: undefined,
  ...more,
});

/** `mailwright <args>` as an operator runs it; resolves with its exit code and output. */
async function mailwright(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['apps/server/src/main.ts', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', LOG_PRETTY: 'false', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('the key-encryption key (issue 10 item 10)', () => {
  it('the embedded default makes a key file (mode 0600) in the data folder at first start and keeps using it', async () => {
    const dataDir = join(dir, 'embedded');
    const [first, racing] = await Promise.all([loadSecretKeys(settings(dataDir)), loadSecretKeys(settings(dataDir))]);
    expect(racing.current.id).toBe(first.current.id);
    const file = join(dataDir, 'secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/^k\d{8}[0-9a-f]{4}:[A-Za-z0-9+/]{43}=\n$/);
    const again = await loadSecretKeys(settings(dataDir));
    expect(again.current.id).toBe(first.current.id);
    expect(again.current.key.equals(first.current.key)).toBe(true);
    expect(again.source).toBe(file);
  });

  it('MAILWRIGHT_SECRET_KEYS wins over the file; production with DATABASE_URL refuses to start without it', async () => {
    const entry = newSecretKeyEntry();
    const dataDir = join(dir, 'setting');
    const ring = await loadSecretKeys(settings(dataDir, { secretKeys: entry }));
    expect(ring.current.id).toBe(entry.split(':')[0]);
    await expect(stat(join(dataDir, 'secret.key'))).rejects.toThrow(/ENOENT/);
    const production = settings(join(dir, 'prod'), { env: 'production', databaseUrl: 'postgres://db.example/mw' });
    await expect(loadSecretKeys(production)).rejects.toThrow(/MAILWRIGHT_SECRET_KEYS is required in production/);
    await expect(stat(join(dir, 'prod', 'secret.key'))).rejects.toThrow(/ENOENT/);
    expect((await loadSecretKeys({ ...production, databaseUrl: undefined })).source).toMatch(/secret\.key$/);
  });

  it('the CLI: secrets new-key, secrets rotate, and a start without a key still in use stops with the reason', {
    timeout: 120_000,
  }, async () => {
    const production = await mailwright(['migrate'], {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://127.0.0.1:9/x',
    });
    expect(production.code).toBe(1);
    expect(production.output).toContain('MAILWRIGHT_SECRET_KEYS is required in production with DATABASE_URL');

    const newEntry = (await mailwright(['secrets', 'new-key'], {})).output.trim();
    const newId = parseSecretKeys(newEntry, 'printed').current.id;

    const dataDir = join(dir, 'cli');
    expect((await mailwright(['migrate'], { DATA_DIR: dataDir })).code).toBe(0);
    const fileEntry = (await readFile(join(dataDir, 'secret.key'), 'utf8')).trim();
    const db = await openPglite(dataDir);
    installSecretKeys(parseSecretKeys(fileEntry, 'file'));
    const hmac = await loadMailSecret(db); // sealed with the file's key
    await db.close();

    const rotated = await mailwright(['secrets', 'rotate'], {
      DATA_DIR: dataDir,
      MAILWRIGHT_SECRET_KEYS: `${newEntry},${fileEntry}`,
    });
    expect(rotated.output).toContain(`every stored secret (1) is sealed with ${newId}: older keys may be removed`);
    expect(rotated.code).toBe(0);

    const withoutNew = await mailwright(['migrate'], { DATA_DIR: dataDir });
    expect(withoutNew.code).toBe(1);
    expect(withoutNew.output).toContain(`sealed with key "${newId}", which ${join(dataDir, 'secret.key')} does not`);
    expect((await mailwright(['migrate'], { DATA_DIR: dataDir, MAILWRIGHT_SECRET_KEYS: newEntry })).code).toBe(0);

    const after = await openPglite(dataDir);
    installSecretKeys(parseSecretKeys(newEntry, 'setting'));
    expect(await countSecretsByKey(after)).toEqual({ [newId]: 1 });
    expect((await loadMailSecret(after)).equals(hmac)).toBe(true);
    await after.close();
  });
});
