import type { UploadStatus } from '@mailwright/contract';
import FormData from 'form-data';
import { describe, expect, it } from 'vitest';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { parseCsv } from './csv.ts';

const t = useTestApp();
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: 'rows' });

async function upload(
  csv: string | null,
  options: { type?: string | null; token?: string; domain?: number } = {},
): Promise<{ status: number; body: { data?: UploadStatus; message?: string; errors?: unknown[] } }> {
  const form = new FormData();
  if (options.type !== null) form.append('type', options.type ?? 'bounce');
  if (csv !== null) form.append('file', Buffer.from(csv), { filename: 'list.csv', contentType: 'text/csv' });
  const token = options.token ?? tenant.user.token;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/upload/suppressions/${options.domain ?? domain.did}`,
    headers: { ...form.getHeaders(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.getBuffer(),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** Follows an upload the way the console does, until it is done or failed. */
async function settled(id: number, token = tenant.user.token): Promise<UploadStatus> {
  for (;;) {
    const res = await t.request<UploadStatus>('GET', `/api/upload/status/${id}`, { token });
    expect(res.status).toBe(200);
    const status = res.body.data as UploadStatus;
    if (status.state === 'done' || status.state === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const listed = async (type: string) =>
  (
    await t.deps.db.query<{ recipient: string; reason: string; source: string }>(
      'SELECT recipient, reason, source FROM suppressions WHERE domain_id = $1 AND type = $2 ORDER BY recipient',
      [domain.did, type],
    )
  ).map((r) => `${r.recipient}|${r.reason}|${r.source}`);

describe('S7-065 S7-072 S3-058 multipart upload/suppressions/{domain} and upload/status/{id}', () => {
  it('imports every line at once, skipping repeats and entries already on the list', async () => {
    await t.request('POST', `/api/suppressions/${domain.did}/unsubscribe`, {
      token: tenant.user.token,
      body: { recipient: 'already@example.com' },
    });
    const csv = [
      'Email,Reason',
      'one@example.com,asked by phone',
      '"Two@Example.com","said ""stop"", twice"',
      '',
      'already@example.com,',
      'one@example.com,repeat',
    ].join('\r\n');
    const started = await upload(csv, { type: 'unsubscribe' });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ kind: 'suppressions', type: 'unsubscribe', filename: 'list.csv' });
    const status = await settled(started.body.data?.id as number);
    expect(status).toMatchObject({
      state: 'done',
      total: 4,
      processed: 4,
      imported: 2,
      skipped: 2,
      errors: [],
      message: '2 recipients imported',
    });
    expect(await listed('unsubscribe')).toEqual([
      'already@example.com||api',
      'one@example.com|asked by phone|upload',
      'two@example.com|said "stop", twice|upload',
    ]);
  });

  it('reports every bad line with its number and imports nothing', async () => {
    const csv = ['good@example.com', 'bad-address', 'also-good@example.com;', 'x@', '"unclosed@example.com'].join('\n');
    const broken = await settled((await upload(csv, { type: 'block' })).body.data?.id as number);
    expect(broken).toMatchObject({ state: 'failed', errors: [{ line: 5, message: 'A quoted field is not closed' }] });

    const lines = ['good@example.com', 'bad-address', 'also-good@example.com', 'x@,why'].join('\n');
    const status = await settled((await upload(lines, { type: 'block' })).body.data?.id as number);
    expect(status.state).toBe('failed');
    expect(status.total).toBe(4);
    expect(status.message).toBe('2 of 4 lines have errors; nothing was imported');
    expect(status.errors).toEqual([
      { line: 2, message: 'Enter a valid email address: "bad-address"' },
      { line: 4, message: 'Enter a valid email address: "x@"' },
    ]);
    expect(await listed('block')).toEqual([]);

    const empty = await settled((await upload('Email\n\n', { type: 'block' })).body.data?.id as number);
    expect(empty).toMatchObject({ state: 'failed', message: 'The file holds no recipients' });
  });

  it('answers 401, 404 for another customer (domain or upload) and 400 for a bad form', async () => {
    expect((await upload('a@example.com', { token: '' })).status).toBe(401);
    const foreign = await upload('a@example.com', { domain: otherDomain.did });
    expect(foreign.status).toBe(404);
    expect((await t.deps.db.query('SELECT 1 FROM uploads WHERE domain_id = $1', [otherDomain.did])).length).toBe(0);

    const mine = await upload('a@example.com', { type: 'complaint' });
    await settled(mine.body.data?.id as number);
    const peek = await t.request('GET', `/api/upload/status/${mine.body.data?.id}`, { token: other.user.token });
    expect(peek.status).toBe(404);
    expect((await t.request('GET', `/api/upload/status/${mine.body.data?.id}`)).status).toBe(401);
    expect((await t.request('GET', '/api/upload/status/abc', { token: tenant.user.token })).status).toBe(400);

    const noType = await upload('a@example.com', { type: null });
    expect(noType.status).toBe(400);
    expect(noType.body.errors).toEqual([{ field: 'type', message: 'This field is required' }]);
    expect((await upload('a@example.com', { type: 'spam' })).status).toBe(400);
    const noFile = await upload(null);
    expect(noFile.body.errors).toEqual([{ field: 'file', message: 'This field is required' }]);
    const json = await t.request('POST', `/api/upload/suppressions/${domain.did}`, {
      token: tenant.user.token,
      body: { type: 'bounce' },
    });
    expect(json.status).toBe(400);
    expect(json.body.errors).toEqual([{ field: 'file', message: 'Send the file as multipart/form-data' }]);
  });
});

describe('parseCsv', () => {
  it.each([
    [
      'a,b\nc,d',
      [
        [1, ['a', 'b']],
        [2, ['c', 'd']],
      ],
    ],
    [
      'a;b;c\r\nd;e;f\r\n',
      [
        [1, ['a', 'b', 'c']],
        [2, ['d', 'e', 'f']],
      ],
    ],
    [
      '"multi\nline",x\n\ny',
      [
        [1, ['multi\nline', 'x']],
        [4, ['y']],
      ],
    ],
    [
      '\uFEFFemail\n"a ""q"" b"',
      [
        [1, ['email']],
        [2, ['a "q" b']],
      ],
    ],
  ])('%j', (text, expected) => {
    const result = parseCsv(text);
    expect(result.ok && result.records.map((r) => [r.line, r.fields])).toEqual(expected);
  });
});
