import { hasAccess, type Role, type Subrole } from '@mailwright/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GUEST_ROUTES, LEGACY_REDIRECTS, SCREEN_ROUTES, type ScreenRoute } from './routes.tsx';

// The route table against spec section 2: every path it names, where it leads and who may open it.
const SPEC_SCREENS = [
  'dashboard',
  'domain',
  'suppressions/bounce',
  'suppressions/unsubscribe',
  'suppressions/complaint',
  'suppressions/block',
  'allowlists/recipients',
  'allowlists/uris',
  'routes',
  'templates',
  'templates/12',
  'templates/12/edit',
  'webhooks',
  'credentials/smtp-users',
  'credentials/api-keys',
  'analytics/statistics',
  'analytics/logs',
  'analytics/deliverability',
  'analytics/deliverability/5',
  'domains',
  'users',
  'api-keys',
  'account-settings',
  'clients',
  'partner/overview',
  'vetting-list/domains',
  'vetting-list/customers',
  'accounts/customers',
  'accounts/domains',
  'mta/smtp-patterns',
  'mta/dsn-patterns',
  'mta/bounce-category-patterns',
  'mta/global-suppressions',
  'billing/tiers',
  'billing/add-ons',
  'ip-management/ips',
  'ip-management/ip-reputations',
  'ip-management/ip-reputations/192.0.2.1',
  'uri-blocklist',
  'monitoring/stats',
  'monitoring/rabbitmq',
  'monitoring/webhooks',
  'monitoring/autobans',
  'partner-management/partners',
];

const SPEC_REDIRECTS: Record<string, string> = {
  suppressions: 'bounce',
  allowlists: 'recipients',
  credentials: 'smtp-users',
  analytics: 'statistics',
  'vetting-list': 'domains',
  accounts: 'customers',
  mta: 'smtp-patterns',
  billing: 'tiers',
  'ip-management': 'ips',
  monitoring: 'rabbitmq',
};

/** Plain route objects (no elements) with the access each route ends up with, to match paths against. */
type Matched = RouteObject & { handle: { route: ScreenRoute; access: ScreenRoute['access'] } };
function toObjects(routes: ScreenRoute[], inherited: ScreenRoute['access']): Matched[] {
  return routes.map((route) => {
    const access = route.access ?? inherited;
    const handle = { route, access };
    const children = route.children ? toObjects(route.children, access) : undefined;
    return route.path ? { path: route.path, handle, children } : { index: true, handle };
  }) as Matched[];
}
const tree = toObjects(SCREEN_ROUTES, 'session');

function leaf(path: string) {
  const matches = matchRoutes(tree, `/${path}`);
  return matches?.at(-1)?.route as Matched | undefined;
}

const who = (role: Role, subrole: Subrole | null = null) => ({ role, subrole });

describe('route table (spec 2)', () => {
  it.each(SPEC_SCREENS)('S2: /%s is a screen of the table', (path) => {
    const route = leaf(path)?.handle.route;
    expect(route).toBeDefined();
    expect(route?.children).toBeUndefined();
    expect(route?.screen || route?.arrivesWith).toBeTruthy();
  });

  it.each(Object.entries(SPEC_REDIRECTS))('S2: /%s redirects to its %s child', (section, child) => {
    const route = SCREEN_ROUTES.find((r) => r.path === section);
    expect(route?.redirectTo).toBe(child);
    expect(route?.children?.some((c) => c.path === child)).toBe(true);
  });

  it('S2-083..085: legacy redirects', () => {
    expect(LEGACY_REDIRECTS).toEqual([
      { path: 'partner/referrals', to: '/partner/overview' },
      { path: 'tiers', to: '/billing/tiers' },
    ]);
    expect(SCREEN_ROUTES.find((r) => r.path === 'accounts')?.redirectTo).toBe('customers');
  });

  it('S2-086..096: the guest routes', () => {
    expect(GUEST_ROUTES.map((r) => r.path)).toEqual([
      'auth/login',
      'auth/logout',
      'auth/forgotten-password',
      'auth/reset/:token',
      'auth/activate/:token',
      'auth/invite/:token',
      'payment/success',
      'payment/cancel',
      'invite',
      'vetting/:token',
      'join/:token',
    ]);
  });

  const opens = (path: string, role: Role, subrole: Subrole | null = null) =>
    hasAccess(who(role, subrole), leaf(path)?.handle.access ?? 'public');

  it('signed-in screens are open to every role', () => {
    for (const path of ['dashboard', 'suppressions/block', 'allowlists/recipients', 'analytics/logs', 'templates/3']) {
      expect(opens(path, 'user')).toBe(true);
    }
  });

  it('admin screens: admin and superadmin only', () => {
    for (const path of [
      'allowlists/uris',
      'credentials/api-keys',
      'users',
      'api-keys',
      'account-settings',
      'clients',
    ]) {
      expect([opens(path, 'user'), opens(path, 'partner'), opens(path, 'admin'), opens(path, 'superadmin')]).toEqual([
        false,
        false,
        true,
        true,
      ]);
    }
  });

  it('partner overview: partner, admin and superadmin', () => {
    expect(['user', 'partner', 'admin', 'superadmin'].map((r) => opens('partner/overview', r as Role))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it('operator screens: superadmin only; mta also needs subrole master or mta', () => {
    for (const path of [
      'vetting-list/domains',
      'accounts/customers',
      'billing/tiers',
      'ip-management/ips',
      'uri-blocklist',
      'monitoring/rabbitmq',
      'partner-management/partners',
    ]) {
      expect([opens(path, 'admin'), opens(path, 'superadmin')]).toEqual([false, true]);
    }
    expect(opens('mta/smtp-patterns', 'admin')).toBe(false);
    expect(opens('mta/smtp-patterns', 'superadmin', null)).toBe(false);
    expect(opens('mta/smtp-patterns', 'superadmin', 'master')).toBe(true);
    expect(opens('mta/smtp-patterns', 'superadmin', 'mta')).toBe(true);
  });
});

describe('route table weight (issue 11, console speed)', () => {
  const allRoutes = (routes: ScreenRoute[]): ScreenRoute[] =>
    routes.flatMap((r) => [r, ...allRoutes(r.children ?? [])]);

  // The route table is in the bundle of every page, the sign-in page too: a signed-in screen's loader written here
  // would bring its preload list (and with an icon, the icon) to the sign-in page. They live in screens.tsx and
  // route-icons.tsx, which load with the signed-in frame.
  it('signed-in routes name their screens and icons instead of holding them', () => {
    const held = allRoutes(SCREEN_ROUTES)
      .filter(
        (route) =>
          (route.screen !== undefined && typeof route.screen !== 'string') ||
          (route.icon !== undefined && typeof route.icon !== 'string'),
      )
      .map((route) => route.path);
    expect(held).toEqual([]);
  });
});
