import type { Session } from '@mailwright/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAppData } from './app-data.ts';
import { queryClient } from './query-client.ts';

/** Answers every call with an empty list shaped for it, and records which paths were asked for. */
function recordCalls(): string[] {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://console.test');
      paths.push(url.pathname);
      const data = url.pathname === '/api/extras/locations' ? { items: [] } : { items: [], total_count: 0 };
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return paths;
}

const session = (role: Session['role']): Session => ({
  uid: 1,
  cid: 7,
  role,
  subrole: null,
  company: { cid: 7, name: 'Co', pcid: null, has_clients: false, partner: role === 'partner' },
  username: 'u',
  full_name: '',
  email: null,
  totp_enabled: false,
  origin: { cid: 7, name: 'Co' },
});

describe('S6-020 start-up data', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('a non-partner session loads its domains and the data locations', async () => {
    const paths = recordCalls();
    await loadAppData(session('admin'));
    expect(paths).toContain('/api/extras/locations');
    expect(paths).toContain('/api/domains');
  });

  it('a partner session loads neither', async () => {
    const paths = recordCalls();
    await loadAppData(session('partner'));
    expect(paths).toEqual([]);
  });
});
