import { apiToken, callApi } from './api.ts';
import { admin, expect } from './fixtures.ts';
import type { MailwrightServer } from './server.ts';

/**
 * A new customer with its own admin (the fixture's admin is a superadmin, for whom a customer's own things are
 * read-only), made through the API; answers that admin's API token.
 */
export async function customerAdmin(server: MailwrightServer, name: string, username: string, password: string) {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const customer = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: name } });
  expect(customer.status).toBe(200);
  expect((await callApi(server, 'PUT', `/proxy/${customer.body.data.cid}`, { token: operator })).status).toBe(200);
  const created = await callApi(server, 'POST', '/users', {
    token: operator,
    body: { username, password, role: 'admin', full_name: `${name} admin` },
  });
  expect(created.status).toBe(200);
  await callApi(server, 'DELETE', '/proxy', { token: operator });
  return apiToken(server, username, password);
}
