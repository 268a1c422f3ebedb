import type { FastifyInstance } from 'fastify';
import { registerAppRoutes } from '../app-routes.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Deps } from '../deps.ts';
import { ensureFirstSuperadmin } from '../features/users/bootstrap.ts';
import { buildApp } from '../http/app.ts';
import { createLogger } from '../log.ts';
import { openTestDb } from './test-db.ts';

export const ADMIN_PASSWORD = 'superadmin-password-1';

export interface ApiResponse<T = unknown> {
  status: number;
  body: { data?: T; message?: string; errors?: { field: string; message: string }[] };
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  request<T = unknown>(
    method: string,
    url: string,
    options?: { token?: string | undefined; body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/** The app as a test file that shares one sees it (useTestApp in setup.ts): its hooks start and close it. */
export type FileTestApp = Omit<TestApp, 'close'>;

/** The real app on a fresh database, driven through Fastify's inject (no port is opened). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await openTestDb();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MAILWRIGHT_ADMIN_PASSWORD: ADMIN_PASSWORD,
      // No test reaches a real provider: unless a test points them at its fake, the migration hosts are the discard
      // port on loopback, where a connection is refused at once.
      MIGRATION_MAILGUN_US_URL: 'http://127.0.0.1:9',
      MIGRATION_MAILGUN_EU_URL: 'http://127.0.0.1:9',
      MIGRATION_SENDGRID_URL: 'http://127.0.0.1:9',
      MIGRATION_POSTMARK_URL: 'http://127.0.0.1:9',
    },
    {
      webDistDir: '/nonexistent',
      publicUrl: 'http://console.test',
      ...overrides,
    },
  );
  const log = createLogger(config);
  const deps: Deps = { config, db, log };
  await ensureFirstSuperadmin(db, log, { username: config.adminUsername, password: ADMIN_PASSWORD });
  const app = await buildApp(deps, registerAppRoutes);
  await app.ready();

  const request: TestApp['request'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    const text = response.body;
    return { status: response.statusCode, body: text ? JSON.parse(text) : {} };
  };

  return {
    app,
    deps,
    request,
    async login(username, password) {
      const res = await request<{ token: string }>('POST', '/api/login', { body: { username, password } });
      if (res.status !== 200 || !res.body.data)
        throw new Error(`login ${username} failed: ${res.status} ${res.body.message}`);
      return res.body.data.token;
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
