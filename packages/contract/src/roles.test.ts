import { describe, expect, it } from 'vitest';
import { ADMINS, assignableRoles, hasAccess, isAdminAllowed, MTA_OPERATORS } from './roles.ts';

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
});
