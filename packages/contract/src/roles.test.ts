import { describe, expect, it } from 'vitest';
import { ADMIN_ALLOWED, ADMINS, assignableRoles, hasAccess, isAdminAllowed, MTA_OPERATORS } from './roles.ts';

describe('roles', () => {
  it('S5-023 S5-024 checks roles and subroles', () => {
    expect(hasAccess({ role: 'user', subrole: null }, ADMINS)).toBe(false);
    expect(hasAccess({ role: 'admin', subrole: null }, ADMINS)).toBe(true);
    expect(hasAccess({ role: 'superadmin', subrole: 'mta' }, MTA_OPERATORS)).toBe(true);
    expect(hasAccess({ role: 'superadmin', subrole: null }, MTA_OPERATORS)).toBe(false);
    expect(hasAccess(null, 'session')).toBe(false);
    expect(hasAccess(null, 'public')).toBe(true);
  });

  it('S5-018 S5-019 offers superadmin only to a superadmin session and partner only to partner customers', () => {
    expect(assignableRoles('admin', false)).toEqual(['user', 'admin']);
    expect(assignableRoles('admin', true)).toEqual(['user', 'admin', 'partner']);
    expect(assignableRoles('superadmin', false)).toEqual(['user', 'admin', 'superadmin']);
  });

  it('S5-025 S5-026 the admin-allowed rule', () => {
    const base = { subrole: null, cid: 5, origin: { cid: 5 } };
    expect(isAdminAllowed({ ...base, role: 'admin' })).toBe(true);
    expect(isAdminAllowed({ ...base, role: 'admin', origin: { cid: 1 } })).toBe(false);
    expect(isAdminAllowed({ ...base, role: 'superadmin' })).toBe(false);
  });

  it('S5-025 S5-026 the admin-allowed rule is an access rule: the console Session and the server AuthContext alike', () => {
    const admin = { role: 'admin' as const, subrole: null };
    expect(hasAccess({ ...admin, cid: 5, origin: { cid: 5 } }, ADMIN_ALLOWED)).toBe(true);
    expect(hasAccess({ ...admin, cid: 5, originCid: 5 }, ADMIN_ALLOWED)).toBe(true);
    // Acting inside another customer through proxy (a superadmin or a partner acts there as admin).
    expect(hasAccess({ ...admin, cid: 5, originCid: 1 }, ADMIN_ALLOWED)).toBe(false);
    expect(hasAccess({ role: 'superadmin', subrole: 'master', cid: 1, originCid: 1 }, ADMIN_ALLOWED)).toBe(false);
    expect(hasAccess({ role: 'partner', subrole: null, cid: 7, originCid: 7 }, ADMIN_ALLOWED)).toBe(false);
    // Not knowing where the caller acts counts as not at home (fail closed).
    expect(hasAccess(admin, ADMIN_ALLOWED)).toBe(false);
  });
});
