import { describe, expect, it } from 'vitest';
import { hashToken } from '../../http/auth.ts';
import { openColumn } from '../../secrets/secret-columns.ts';
import { makeCustomer } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { createVettingForm } from './vetting-forms.ts';

const t = useTestApp();

describe('S1-005 createVettingForm: a customer gets a vetting form and its link by mail', () => {
  it('stores only the token hash and queues the /vetting/{token} link through system mail', async () => {
    const cid = await makeCustomer(t.deps.db);
    const { token } = await createVettingForm(t.deps, { customerId: cid, email: 'owner@client.test' });
    expect(token.length).toBeGreaterThan(20);
    const rows = await t.deps.db.query<{ token_hash: string; finished: boolean; decision: string | null }>(
      'SELECT token_hash, finished, decision FROM customer_vetting WHERE customer_id = $1',
      [cid],
    );
    expect(rows).toEqual([{ token_hash: hashToken(token), finished: false, decision: null }]);
    const mail = await t.deps.db.one<{ id: number; to_address: string; text_body: string }>(
      'SELECT id, to_address, text_body FROM system_mail ORDER BY id DESC LIMIT 1',
    );
    expect(mail.to_address).toBe('owner@client.test');
    expect(openColumn('system_mail.text_body', mail.id, mail.text_body)).toContain(
      `http://console.test/vetting/${token}`,
    );
  });

  it('a second form for the same customer replaces the link and keeps the answers', async () => {
    const cid = await makeCustomer(t.deps.db);
    const first = await createVettingForm(t.deps, { customerId: cid, email: 'a@client.test' });
    await t.deps.db.query(`UPDATE customer_vetting SET responses = '{"company":"Acme"}' WHERE customer_id = $1`, [cid]);
    const second = await createVettingForm(t.deps, { customerId: cid, email: 'b@client.test' });
    expect(second.token).not.toBe(first.token);
    const row = await t.deps.db.one<{ token_hash: string; email: string; responses: unknown }>(
      'SELECT token_hash, email, responses FROM customer_vetting WHERE customer_id = $1',
      [cid],
    );
    expect(row).toEqual({
      token_hash: hashToken(second.token),
      email: 'b@client.test',
      responses: { company: 'Acme' },
    });
  });
});
