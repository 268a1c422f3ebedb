import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/setup.ts';

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'mw-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Mailwright</title>');
  writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  // What the build writes beside each asset (vite-plugin-compression2).
  const big = `export const text = "${'mail '.repeat(400)}";`;
  writeFileSync(join(dist, 'assets', 'big-abc123.js'), big);
  writeFileSync(join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(big));
  writeFileSync(join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(big));
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});
// Registered after the folder's hooks: the app starts once the folder is there and is closed before it is removed.
const t = useTestApp(() => ({ webDistDir: dist }));

describe('the built console served beside the API', () => {
  it('answers the console for / and for every console route (single-page app)', async () => {
    for (const url of ['/', '/dashboard', '/auth/login', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Mailwright</title>');
    }
  });

  it('serves assets, also ones built after the server started, and 404s missing ones', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1.js' })).body).toBe('console.log(1)');
    writeFileSync(join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-2.js' })).body).toBe('console.log(2)');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-3.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });

  it('sends the brotli or gzip copy the build wrote, whichever the browser accepts', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(200);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('mail mail');
  });

  it('caches hashed assets for good and makes the browser revalidate index.html', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/dashboard']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
