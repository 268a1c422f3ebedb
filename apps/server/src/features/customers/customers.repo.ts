import type { Customer, CustomerInput, PageQuery } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface CustomerRow {
  id: number;
  name: string;
  partner: boolean;
  parent_id: number | null;
  company: Partial<Customer['company']>;
  contract_signed_at: Date | null;
  created_at: Date;
  users_count: number;
}

const SELECT_CUSTOMER = `SELECT c.id, c.name, c.partner, c.parent_id, c.company, c.contract_signed_at, c.created_at,
  (SELECT count(*)::int FROM users u WHERE u.customer_id = c.id) AS users_count FROM customers c`;

export function toCustomer(row: CustomerRow): Customer {
  const company = row.company ?? {};
  return {
    cid: row.id,
    customer: row.name,
    partner: row.partner,
    pcid: row.parent_id,
    company: {
      address: company.address ?? '',
      city: company.city ?? '',
      country: company.country ?? '',
      vat_id: company.vat_id ?? '',
      website: company.website ?? '',
    },
    contract_signed_at: row.contract_signed_at ? new Date(row.contract_signed_at).toISOString() : null,
    users_count: row.users_count,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function findCustomerRow(db: Db, id: number): Promise<CustomerRow | undefined> {
  return db.maybeOne<CustomerRow>(`${SELECT_CUSTOMER} WHERE c.id = $1`, [id]);
}

const SORTS: Record<string, string> = { customer: 'lower(c.name)', cid: 'c.id', created_at: 'c.created_at' };

export async function listCustomers(db: Db, page: PageQuery) {
  const sort = SORTS[page.sort ?? 'customer'] ?? SORTS.customer;
  const order = page.order === 'desc' ? 'DESC' : 'ASC';
  const search = page.search ? `%${page.search.toLowerCase()}%` : null;
  const where = `($1::text IS NULL OR lower(c.name) LIKE $1 OR c.id::text = $2)`;
  const params = [search, page.search ?? null];
  const [rows, total] = await Promise.all([
    db.query<CustomerRow>(`${SELECT_CUSTOMER} WHERE ${where} ORDER BY ${sort} ${order}, c.id LIMIT $3 OFFSET $4`, [
      ...params,
      page.limit === 0 ? null : page.limit,
      page.skip,
    ]),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM customers c WHERE ${where}`, params),
  ]);
  return { items: rows.map(toCustomer), total_count: total.n };
}

export async function insertCustomer(db: Db, input: CustomerInput & { parentId?: number | null }): Promise<number> {
  const row = await db.one<{ id: number }>(
    'INSERT INTO customers (name, partner, company, parent_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.customer, input.partner, JSON.stringify(input.company), input.parentId ?? null],
  );
  return row.id;
}

export async function updateCustomer(db: Db, id: number, input: CustomerInput) {
  await db.query('UPDATE customers SET name = $2, partner = $3, company = $4 WHERE id = $1', [
    id,
    input.customer,
    input.partner,
    JSON.stringify(input.company),
  ]);
}

export async function setDeleteConfirm(db: Db, id: number, confirm: string) {
  await db.query(
    `UPDATE customers SET delete_confirm = $2, delete_confirm_expires_at = now() + interval '10 minutes' WHERE id = $1`,
    [id, confirm],
  );
}

export async function deleteCustomerIfConfirmed(db: Db, id: number, confirm: string): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM customers WHERE id = $1 AND delete_confirm = $2 AND delete_confirm_expires_at > now() RETURNING id`,
    [id, confirm],
  );
  return rows.length > 0;
}

export async function markContractSigned(db: Db, id: number) {
  await db.query('UPDATE customers SET contract_signed_at = now() WHERE id = $1', [id]);
}
