export const ROLES = ['user', 'admin', 'superadmin', 'partner'] as const;
export type Role = (typeof ROLES)[number];
export const SUBROLES = ['master', 'mta'] as const;
export type Subrole = (typeof SUBROLES)[number];

/**
 * Who may call an endpoint or open a screen. `atHome`: only while the caller acts inside its own customer, not
 * through proxy (spec 5, the admin-allowed rule).
 */
export type Access = 'public' | 'session' | { roles: readonly Role[]; subroles?: readonly Subrole[]; atHome?: true };

export const ADMINS: Access = { roles: ['admin', 'superadmin'] };
export const SUPERADMIN: Access = { roles: ['superadmin'] };
export const MTA_OPERATORS: Access = { roles: ['superadmin'], subroles: ['master', 'mta'] };
export const PARTNER_AREA: Access = { roles: ['partner', 'admin', 'superadmin'] };
/** Who may act as another customer: operators (any), partners and admins (their own clients; session.service). */
export const PROXY_ROLES: Access = { roles: ['superadmin', 'partner', 'admin'] };
/**
 * Spec 5, the admin-allowed rule: the customer's own admin at home, not a superadmin and not an admin or partner
 * acting inside another customer. Creating primary API keys and changing the company details need it.
 */
export const ADMIN_ALLOWED: Access = { roles: ['admin'], atHome: true };

/** The caller as access rules see it: the console's Session (cid, origin.cid) or the server's AuthContext (originCid). */
export interface RoleHolder {
  role: Role;
  subrole: Subrole | null;
  cid?: number;
  originCid?: number;
  origin?: { cid: number };
}

/** Whether the caller acts inside its own customer; unknown counts as not (fail closed). */
export function actsAtHome(who: RoleHolder): boolean {
  const origin = who.originCid ?? who.origin?.cid;
  return who.cid !== undefined && origin !== undefined && who.cid === origin;
}

export function hasAccess(who: RoleHolder | null, access: Access): boolean {
  if (access === 'public') return true;
  if (!who) return false;
  if (access === 'session') return true;
  if (!access.roles.includes(who.role)) return false;
  if (access.subroles && (!who.subrole || !access.subroles.includes(who.subrole))) return false;
  if (access.atHome && !actsAtHome(who)) return false;
  return true;
}

/** The 403 message for a caller the access rule refuses. */
export function deniedMessage(access: Access): string {
  if (typeof access === 'object' && access.atHome) {
    return "Only the customer's own admin can do this, not an operator or an admin acting for the customer";
  }
  return 'You do not have permission to do this';
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
export function isAdminAllowed(session: RoleHolder): boolean {
  return hasAccess(session, ADMIN_ALLOWED);
}
