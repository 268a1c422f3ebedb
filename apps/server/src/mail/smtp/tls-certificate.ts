import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TlsMaterial {
  key: Buffer;
  cert: Buffer;
  generated: boolean;
}

/**
 * The certificate STARTTLS offers: the configured files (SMTP_TLS_CERT / SMTP_TLS_KEY), or a self-signed one made at
 * first start and kept in DATA_DIR/tls, so submission is encrypted from the first minute. Clients that verify
 * certificates need the configured one.
 */
export async function loadTlsMaterial(options: {
  certPath: string | undefined;
  keyPath: string | undefined;
  dataDir: string;
  hostname: string;
}): Promise<TlsMaterial> {
  if (options.certPath && options.keyPath) {
    return { cert: await readFile(options.certPath), key: await readFile(options.keyPath), generated: false };
  }
  const dir = join(options.dataDir, 'tls');
  const certPath = join(dir, 'smtp-cert.pem');
  const keyPath = join(dir, 'smtp-key.pem');
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const subject = `/CN=${options.hostname.replace(/[^a-z0-9.-]/gi, '') || 'localhost'}`;
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '3650',
      '-subj',
      subject,
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ]);
  }
  return { cert: await readFile(certPath), key: await readFile(keyPath), generated: true };
}
