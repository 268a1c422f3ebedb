import type { Session } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { landingAfterSwitch } from './customer-switch.ts';

function session(role: Session['role'], hasClients = false): Session {
  return {
    uid: 1,
    cid: 7,
    role,
    subrole: null,
    company: { cid: 7, name: 'Acme', pcid: null, has_clients: hasClients, partner: role === 'partner' },
    username: 'op',
    full_name: 'Operator',
    email: null,
    totp_enabled: false,
    origin: { cid: 1, name: 'Operators' },
  };
}

describe('landingAfterSwitch (spec 4: where a customer switch leads)', () => {
  it.each([
    { role: 'user', path: '/domains', clients: false, expected: '/dashboard', why: 'user role: /dashboard' },
    { role: 'partner', path: '/users', clients: true, expected: '/partner/overview', why: 'partner: the overview' },
    { role: 'admin', path: '/clients', clients: false, expected: '/dashboard', why: 'from /clients without clients' },
    { role: 'admin', path: '/clients?page=2', clients: false, expected: '/dashboard', why: '/clients with a query' },
    { role: 'admin', path: '/clients', clients: true, expected: null, why: 'from /clients with clients: stay' },
    { role: 'admin', path: '/users', clients: false, expected: null, why: 'an admin elsewhere stays' },
    { role: 'superadmin', path: '/accounts/customers', clients: false, expected: null, why: 'back home: stay' },
    { role: 'admin', path: '/clientsx', clients: false, expected: null, why: 'only the clients route counts' },
  ] as const)('$why', ({ role, path, clients, expected }) => {
    expect(landingAfterSwitch(session(role, clients), path)).toBe(expected);
  });
});
