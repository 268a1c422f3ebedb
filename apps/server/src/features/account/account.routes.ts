import { type CompanyInput, endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { findCustomerRow } from '../customers/customers.repo.ts';

const e = endpoints.account;

async function readCompany(db: Db, cid: number) {
  const row = await findCustomerRow(db, cid);
  if (!row) throw notFound('Customer not found!');
  const c = row.company ?? {};
  return {
    name: row.name,
    address: c.address ?? '',
    city: c.city ?? '',
    country: c.country ?? '',
    vat_id: c.vat_id ?? '',
    website: c.website ?? '',
  };
}

async function writeCompany(db: Db, cid: number, input: CompanyInput) {
  const { name, ...company } = input;
  await db.query('UPDATE customers SET name = $2, company = $3 WHERE id = $1', [cid, name, JSON.stringify(company)]);
  return readCompany(db, cid);
}

export function registerAccountRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.company, ({ auth }) => readCompany(deps.db, auth.cid));
  route(app, deps, e.updateCompany, ({ auth, body }) => writeCompany(deps.db, auth.cid, body));
}
