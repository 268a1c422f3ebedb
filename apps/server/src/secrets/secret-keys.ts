import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One key-encryption key: 32 bytes for AES-256-GCM, named so a stored secret says which key sealed it. */
export interface SecretKey {
  id: string;
  key: KeyObject;
}

/** The keys of an installation: `current` seals, every key listed opens (old keys stay until `secrets rotate`). */
export interface SecretKeyRing {
  current: SecretKey;
  byId: ReadonlyMap<string, SecretKey>;
  /** Where the keys came from, for messages: the setting's name or the key file's path (never the keys). */
  source: string;
}

export const SECRET_KEYS_SETTING = 'MAILWRIGHT_SECRET_KEYS';
export const SECRET_KEY_FILE = 'secret.key';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Parses `id:base64key[,id:base64key…]` (commas, spaces or new lines between entries): the first key is current.
 * Messages name the entry's position and id, never key material.
 */
export function parseSecretKeys(text: string, source: string): SecretKeyRing {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (!entries.length) throw new Error(`${source} lists no key; each entry is id:base64 of 32 random bytes`);
  const byId = new Map<string, SecretKey>();
  entries.forEach((entry, index) => {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    if (!KEY_ID.test(id)) {
      throw new Error(`${source}: entry ${index + 1} must be id:base64key with an id of letters, digits, - or _`);
    }
    const text = entry.slice(colon + 1);
    // Node's decoder skips characters that are not base64: check the text first so a typo is not silently a key.
    const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
    if (bytes.length !== 32) {
      throw new Error(`${source}: key "${id}" must be 32 bytes in base64 (it has ${bytes.length})`);
    }
    if (byId.has(id)) throw new Error(`${source}: key id "${id}" is listed twice`);
    byId.set(id, { id, key: createSecretKey(bytes) });
  });
  const current = byId.get(entries[0]?.slice(0, entries[0].indexOf(':')) ?? '') as SecretKey;
  return { current, byId, source };
}

/** A fresh key as one entry of the setting: `k<yyyymmdd><4 hex>:<base64 of 32 random bytes>`. */
export function newSecretKeyEntry(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `k${day}${randomBytes(2).toString('hex')}:${randomBytes(32).toString('base64')}`;
}

interface KeySettings {
  secretKeys: string | undefined;
  dataDir: string;
  env: string;
  databaseUrl: string | undefined;
}

/**
 * The installation's keys, kept outside the database: MAILWRIGHT_SECRET_KEYS when set; otherwise the key file in the
 * data folder, made (mode 0600) at first start and used from then on. In production with PostgreSQL the setting is
 * required: processes on several machines must share the keys, and a key file beside a database that lives
 * elsewhere is easily lost with the machine, taking every encrypted secret with it.
 */
export async function loadSecretKeys(settings: KeySettings): Promise<SecretKeyRing> {
  if (settings.secretKeys) return parseSecretKeys(settings.secretKeys, SECRET_KEYS_SETTING);
  if (settings.env === 'production' && settings.databaseUrl) {
    throw new Error(
      `${SECRET_KEYS_SETTING} is required in production with DATABASE_URL: TOTP secrets, DKIM keys and other ` +
        'secrets are encrypted with it. Make one with `mailwright secrets new-key` and give every process the same ' +
        'value (see docs/security.md).',
    );
  }
  const path = join(settings.dataDir, SECRET_KEY_FILE);
  await mkdir(settings.dataDir, { recursive: true });
  try {
    // 'wx': only the first of several processes starting at once creates it; the others read what it wrote.
    await writeFile(path, `${newSecretKeyEntry()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecretKeys(await readKeyFile(path), path);
}

// A process that lost the race to create the file may read it before the winner's write landed: read again briefly.
async function readKeyFile(path: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const text = await readFile(path, 'utf8');
    if (text.trim() || attempt >= 20) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let installed: SecretKeyRing | undefined;

/**
 * The keys this process seals and opens with, installed once at start (server.ts) before any repo runs. A process-
 * wide setting like the database itself: repos that store secrets take no extra parameter for it.
 */
export function installSecretKeys(ring: SecretKeyRing): void {
  installed = ring;
}

/** The installed keys; fails closed (throws) when none were installed, so nothing is ever stored in clear. */
export function secretKeys(): SecretKeyRing {
  if (!installed) throw new Error('Secret keys are not loaded: call loadSecretKeys and installSecretKeys at start');
  return installed;
}
