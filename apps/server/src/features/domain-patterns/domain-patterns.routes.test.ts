import type { DomainPattern } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { matchesDomainPattern } from '../../mail/policy/domain-pattern-match.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';

type Saved = DomainPattern & { message: string };

const t = useTestApp();
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: 'rows' });

describe('S3 domain pattern (note, pattern, active): domains/{id}/patterns: domains/{id}/patterns (S8-051..053 texts)', () => {
  const base = () => `/api/domains/${domain.did}/patterns`;

  it("creates, lists, reads, updates (same id) and deletes with 'Pattern saved!', 'Pattern deleted!', 'Pattern not found!'", async () => {
    const token = tenant.user.token;
    const created = await t.request<Saved>('POST', base(), {
      token,
      body: { pattern: '*@Competitor.example', note: 'no mail to them' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      did: domain.did,
      pattern: '*@competitor.example',
      note: 'no mail to them',
      active: true,
      message: 'Pattern saved!',
    });
    const id = created.body.data?.id;
    const listed = await t.request<{ items: DomainPattern[]; total_count: number }>('GET', base(), { token });
    expect(listed.body.data?.total_count).toBe(1);
    const updated = await t.request<Saved>('PUT', `${base()}/${id}`, {
      token,
      body: { pattern: 'info@*', note: 'role accounts', active: false },
    });
    expect(updated.body.data).toMatchObject({ id, pattern: 'info@*', active: false, message: 'Pattern saved!' });
    expect((await t.request<DomainPattern>('GET', `${base()}/${id}`, { token })).body.data?.note).toBe('role accounts');
    expect((await t.request('DELETE', `${base()}/${id}`, { token })).body.data).toEqual({
      message: 'Pattern deleted!',
    });
    const missing = await t.request('GET', `${base()}/${id}`, { token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Pattern not found!');
    expect((await t.request('PUT', `${base()}/${id}`, { token, body: { pattern: 'a@*' } })).body.message).toBe(
      'Pattern not found!',
    );
  });

  it('answers 401, 404 for another customer (domain or pattern) and 400 for bad patterns', async () => {
    const token = tenant.user.token;
    expect((await t.request('GET', base())).status).toBe(401);
    expect((await t.request('GET', `/api/domains/${otherDomain.did}/patterns`, { token })).status).toBe(404);
    const theirs = await t.request<Saved>('POST', `/api/domains/${otherDomain.did}/patterns`, {
      token: other.user.token,
      body: { pattern: 'x@*' },
    });
    const theirId = theirs.body.data?.id;
    expect((await t.request('GET', `/api/domains/${otherDomain.did}/patterns/${theirId}`, { token })).status).toBe(404);
    expect((await t.request('DELETE', `${base()}/${theirId}`, { token })).status).toBe(404);
    for (const pattern of ['', '*@*', 'a@b@c', 'spaces are bad', '(.*)']) {
      const bad = await t.request('POST', base(), { token, body: { pattern } });
      expect(bad.status, pattern).toBe(400);
      expect(bad.body.errors?.[0]?.field).toBe('pattern');
    }
    expect((await t.request('POST', base(), { token, body: { pattern: 'a@*', active: 'yes' } })).status).toBe(400);
  });
});

describe('matchesDomainPattern', () => {
  it.each([
    ['*@competitor.example', 'Sales@Competitor.example', true],
    ['*@competitor.example', 'sales@sub.competitor.example', false],
    ['competitor.example', 'anyone@competitor.example', true],
    ['*.competitor.example', 'anyone@mx.competitor.example', true],
    ['*.competitor.example', 'anyone@competitor.example', false],
    ['info@*', 'info@anywhere.example', true],
    ['info@*', 'information@anywhere.example', false],
    ['test+?@example.com', 'test+1@example.com', true],
    ['test+?@example.com', 'test+12@example.com', false],
    ['a.b@example.com', 'axb@example.com', false],
  ])('%s ~ %s = %s', (pattern, address, expected) => {
    expect(matchesDomainPattern(pattern, address)).toBe(expected);
  });
});
