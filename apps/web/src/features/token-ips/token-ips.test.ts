import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { loadTokenIps } from './token-ips.ts';

const entries = { items: [{ tipid: 1, ipv4: '192.0.2.10' }], total_count: 1 };

describe('S8-035 loadTokenIps (spec 8: a token IP list 404 empties the list and rethrows)', () => {
  it('answers the list and leaves it alone when the load works', async () => {
    let emptied = false;
    await expect(
      loadTokenIps(
        async () => entries,
        () => (emptied = true),
      ),
    ).resolves.toBe(entries);
    expect(emptied).toBe(false);
  });

  it('empties the list on 404, then rethrows the same error', async () => {
    let shown: typeof entries | { items: never[]; total_count: number } = entries;
    const gone = new ApiError(404, 'API key not found');
    const load = loadTokenIps(
      () => Promise.reject(gone),
      () => (shown = { items: [], total_count: 0 }),
    );
    await expect(load).rejects.toBe(gone);
    expect(shown).toEqual({ items: [], total_count: 0 });
  });

  it.each([400, 403, 500, 0])('keeps the list on other failures (%i) and rethrows', async (status) => {
    let emptied = false;
    const failure = new ApiError(status, 'failed');
    await expect(
      loadTokenIps(
        () => Promise.reject(failure),
        () => (emptied = true),
      ),
    ).rejects.toBe(failure);
    expect(emptied).toBe(false);
  });
});
