export const ROLES = ['user', 'admin', 'superadmin', 'partner'] as const;
export type Role = (typeof ROLES)[number];
export const SUBROLES = ['master', 'mta'] as const;
export type Subrole = (typeof SUBROLES)[number];

/** Who may call an endpoint or open a screen. */
export type Access = 'public' | 'session' | { roles: readonly Role[]; subroles?: readonly Subrole[] };

export const ADMINS: Access = { roles: ['admin', 'superadmin'] };
export const SUPERADMIN: Access = { roles: ['superadmin'] };
export const MTA_OPERATORS: Access = { roles: ['superadmin'], subroles: ['master', 'mta'] };
export const PARTNER_AREA: Access = { roles: ['partner', 'admin', 'superadmin'] };
export const PROXY_ROLES: Access = { roles: ['superadmin', 'partner'] };

export interface RoleHolder {
  role: Role;
  subrole: Subrole | null;
}

export function hasAccess(who: RoleHolder | null, access: Access): boolean {
  if (access === 'public') return true;
  if (!who) return false;
  if (access === 'session') return true;
  if (!access.roles.includes(who.role)) return false;
  if (access.subroles && (!who.subrole || !access.subroles.includes(who.subrole))) return false;
  return true;
}

/** Spec 5/6: superadmin only for a superadmin session, partner only inside a partner customer. */
export function assignableRoles(sessionRole: Role, customerIsPartner: boolean): Role[] {
  return ROLES.filter((role) => {
    if (role === 'superadmin') return sessionRole === 'superadmin';
    if (role === 'partner') return customerIsPartner;
    return true;
  });
}

/**
 * Spec 5, the admin-allowed rule: the customer-admin features (the team's own users, keys and settings as the
 * customer's admin) are for an admin at home, not for an admin acting inside another customer, nor for a superadmin.
 */
export function isAdminAllowed(session: RoleHolder & { cid: number; origin: { cid: number } }): boolean {
  return session.role === 'admin' && session.origin.cid === session.cid;
}
