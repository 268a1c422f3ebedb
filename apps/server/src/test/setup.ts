import type { Domain } from '@mailwright/contract';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.ts';
import { makeTestDomain } from '../events/testing.ts';
import { makeDomain, makeTenant, type Tenant } from './factories.ts';
import { createTestApp, type FileTestApp, type TestApp } from './test-app.ts';

/**
 * The setup a file of route tests shares, registered as its beforeAll/afterAll hooks. Vitest runs a file's beforeAll
 * hooks in the order they are registered and its afterAll hooks in the reverse order, so whatever a file registers
 * before calling these is ready before they run and is closed after the app is.
 *
 * What they answer is filled in by those hooks: read it in tests, hooks and the functions they call, not while the
 * file is being loaded.
 */

/**
 * The real app on a fresh database for this file's tests (createTestApp): started before them, closed after them.
 * `config` may be a function when it depends on something another hook starts first (a local DNS server, a folder).
 */
export function useTestApp(config: Partial<Config> | (() => Partial<Config>) = {}): FileTestApp {
  let current: TestApp | undefined;
  const app = () => {
    if (!current) throw new Error('The test app is started in beforeAll: use it in tests and hooks');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(typeof config === 'function' ? config() : config);
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    get app() {
      return app().app;
    },
    get deps() {
      return app().deps;
    },
    request: (method, url, options) => app().request(method, url, options),
    login: (username, password) => app().login(username, password),
  };
}

/** A domain row made for a test (makeTestDomain): no DKIM key, not verified. */
export type TestDomainRow = Awaited<ReturnType<typeof makeTestDomain>>;

/**
 * Two customers, `tenant` and `other`, each with a signed-in admin and user (makeTenant), so that a file's tests can
 * use one and check that it cannot reach what belongs to the other. With `domains`, each customer also gets a domain
 * (`domain` and `otherDomain`): `'rows'` writes them to the database (makeTestDomain), two names have each admin add
 * one through the API (makeDomain), as a customer would.
 */
export function useTenants(t: FileTestApp): { tenant: Tenant; other: Tenant };
export function useTenants(
  t: FileTestApp,
  options: { domains: 'rows' },
): { tenant: Tenant; other: Tenant; domain: TestDomainRow; otherDomain: TestDomainRow };
export function useTenants(
  t: FileTestApp,
  options: { domains: [string, string] },
): { tenant: Tenant; other: Tenant; domain: Domain; otherDomain: Domain };
export function useTenants(t: FileTestApp, options: { domains?: 'rows' | [string, string] } = {}) {
  const made = { tenant: {} as Tenant, other: {} as Tenant, domain: {}, otherDomain: {} };
  beforeAll(async () => {
    Object.assign(made.tenant, await makeTenant(t));
    Object.assign(made.other, await makeTenant(t));
    const { domains } = options;
    if (domains === 'rows') {
      Object.assign(made.domain, await makeTestDomain(t.deps.db, made.tenant.cid));
      Object.assign(made.otherDomain, await makeTestDomain(t.deps.db, made.other.cid));
    } else if (domains) {
      Object.assign(made.domain, await makeDomain(t, made.tenant.admin.token, domains[0]));
      Object.assign(made.otherDomain, await makeDomain(t, made.other.admin.token, domains[1]));
    }
  });
  if (!options.domains) return { tenant: made.tenant, other: made.other };
  return made;
}
