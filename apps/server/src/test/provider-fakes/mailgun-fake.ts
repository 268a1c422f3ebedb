import { type FakeRequest, type FakeServer, pad, startFakeServer } from './fake-http.ts';

/**
 * Mailgun's documented endpoints the importer reads (providers.md §2–6; mailgun.js lib/Classes): HTTP Basic
 * api:<key> (401 plain "Forbidden" otherwise), domains by skip/limit, suppressions and templates by `paging.next`
 * URLs that carry this server's own base and the last item as pivot, 429 with {"retry-seconds"}. The lists are
 * generated on the fly from counts, so 100,000 suppressions cost no memory here either.
 */

export const MAILGUN_KEY = 'key-mailgun-fake-0123456789';

export interface MailgunFakeData {
  domains: string[];
  bounces: number;
  unsubscribes: number;
  complaints: number;
  whitelists: number;
  templates: number;
  versionsPerTemplate: number;
}

export const MAILGUN_DEFAULTS: MailgunFakeData = {
  domains: ['example.com', 'news.example.com'],
  bounces: 1200,
  unsubscribes: 300,
  complaints: 50,
  whitelists: 3,
  templates: 12,
  versionsPerTemplate: 2,
};

const LISTS = { bounces: 'b', unsubscribes: 'u', complaints: 'c', whitelists: 'w' } as const;
type ListName = keyof typeof LISTS;
const address = (list: ListName, i: number) => `${LISTS[list]}${pad(i)}@recipients.example.org`;
const indexOf = (pivot: string | null) => (pivot ? Number(/^[a-z](\d+)/.exec(pivot)?.[1] ?? -1) : -1);
const templateName = (i: number) => `template-${pad(i)}`;
const created = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toUTCString();

export const MAILGUN_WEBHOOKS = {
  delivered: { urls: ['https://hooks.example.net/mailgun/delivered'] },
  permanent_fail: { urls: ['https://hooks.example.net/mailgun/failed', 'https://backup.example.net/failed'] },
  opened: { urls: ['https://hooks.example.net/mailgun/opened'] },
};

export const MAILGUN_ROUTES = [
  {
    id: 'r1',
    priority: 0,
    description: 'Support inbox',
    expression: 'match_recipient("support@example\\.com")',
    actions: ['forward("https://hooks.example.net/inbound")', 'stop()'],
    created_at: created(1),
  },
  {
    id: 'r2',
    priority: 1,
    description: 'Invoices',
    expression: 'match_header("subject", "invoice")',
    actions: ['store(notify="https://hooks.example.net/stored")'],
    created_at: created(2),
  },
  {
    id: 'r3',
    priority: 2,
    description: 'Combined',
    expression: 'match_recipient(".*@example.com") and match_header("x-tag", "a")',
    actions: ['forward("ops@example.net")'],
    created_at: created(3),
  },
];

export async function startMailgunFake(overrides: Partial<MailgunFakeData> = {}): Promise<FakeServer> {
  const data = { ...MAILGUN_DEFAULTS, ...overrides };
  let base = '';
  const limitOf = (req: FakeRequest, max: number) => Math.min(max, Math.max(1, Number(req.query.get('limit') ?? 100)));

  const authorize = (req: FakeRequest) => {
    const expected = `Basic ${Buffer.from(`api:${MAILGUN_KEY}`).toString('base64')}`;
    return req.headers.authorization === expected ? undefined : { status: 401, text: 'Forbidden' };
  };

  const suppressionPage = (domain: string, list: ListName, req: FakeRequest) => {
    const limit = limitOf(req, 1000);
    const start = req.query.get('page') === 'next' ? indexOf(req.query.get('address')) + 1 : 0;
    const count = data[list];
    const items = [];
    for (let i = start; i < Math.min(count, start + limit); i++) {
      if (list === 'whitelists') {
        items.push({ value: address(list, i), type: 'address', reason: 'VIP', createdAt: created(i) });
      } else if (list === 'bounces') {
        items.push({ address: address(list, i), code: '550', error: 'No such mailbox', created_at: created(i) });
      } else if (list === 'unsubscribes') {
        items.push({ address: address(list, i), tags: ['*'], created_at: created(i) });
      } else items.push({ address: address(list, i), created_at: created(i) });
    }
    const pivot = items.length ? address(list, start + items.length - 1) : (req.query.get('address') ?? '');
    const url = `${base}/v3/${domain}/${list}`;
    return {
      json: {
        items,
        paging: {
          first: `${url}?page=first&limit=${limit}`,
          next: `${url}?page=next&address=${encodeURIComponent(pivot)}&limit=${limit}`,
          previous: `${url}?page=previous&address=${encodeURIComponent(address(list, start))}&limit=${limit}`,
          last: `${url}?page=last&limit=${limit}`,
        },
      },
    };
  };

  const templateMeta = (i: number) => ({
    name: templateName(i),
    description: `Template ${i}`,
    createdAt: created(i),
    createdBy: 'fake',
    id: `t${i}`,
  });
  const version = (t: number, v: number) => ({
    tag: `v${v}`,
    engine: 'handlebars',
    mjml: '',
    createdAt: created(v),
    comment: '',
    active: v === data.versionsPerTemplate,
    id: `t${t}v${v}`,
  });

  const templates = (domain: string, req: FakeRequest, rest: string[]) => {
    const index = (name: string) => Number(/template-(\d+)/.exec(name)?.[1] ?? -1);
    if (!rest.length) {
      const limit = limitOf(req, 100);
      const start = req.query.get('page') === 'next' ? index(req.query.get('p') ?? '') + 1 : 0;
      const items = [];
      for (let i = start; i < Math.min(data.templates, start + limit); i++) items.push(templateMeta(i));
      const pivot = items.length ? templateName(start + items.length - 1) : (req.query.get('p') ?? '');
      const url = `${base}/v3/${domain}/templates`;
      return {
        json: {
          items,
          paging: {
            first: `${url}?page=first&limit=${limit}`,
            next: `${url}?page=next&p=${pivot}&limit=${limit}`,
            previous: `${url}?page=previous&limit=${limit}`,
            last: `${url}?page=last&limit=${limit}`,
          },
        },
      };
    }
    const t = index(rest[0] ?? '');
    if (t < 0 || t >= data.templates) return { status: 404, json: { message: 'template not found' } };
    if (rest[1] === 'versions' && rest.length === 2) {
      const limit = limitOf(req, 100);
      const start = req.query.get('page') === 'next' ? Number((req.query.get('p') ?? 'v0').slice(1)) : 0;
      const versions = [];
      for (let v = start + 1; v <= Math.min(data.versionsPerTemplate, start + limit); v++) versions.push(version(t, v));
      const pivot = versions.length ? `v${start + versions.length}` : (req.query.get('p') ?? 'v0');
      const url = `${base}/v3/${domain}/templates/${templateName(t)}/versions`;
      return {
        json: {
          template: { ...templateMeta(t), versions },
          paging: { first: url, next: `${url}?page=next&p=${pivot}&limit=${limit}`, previous: url, last: url },
        },
      };
    }
    if (rest[1] === 'versions' && rest[2]) {
      const v = Number(rest[2].slice(1));
      if (!(v >= 1 && v <= data.versionsPerTemplate)) return { status: 404, json: { message: 'version not found' } };
      const content = `<h1>Hello {{name}}</h1><p>Template ${t}, version ${v}.{{#if vip}} Thanks!{{/if}}</p>`;
      return {
        json: {
          template: {
            ...templateMeta(t),
            version: { ...version(t, v), template: content, headers: { Subject: `Subject ${t} v${v} for {{name}}` } },
          },
        },
      };
    }
    return undefined;
  };

  const handle = (req: FakeRequest) => {
    const parts = req.path.split('/').filter(Boolean).map(decodeURIComponent);
    if (req.method !== 'GET') return { status: 405, json: { message: 'Method not allowed' } };
    if (req.path === '/v4/domains') {
      const limit = limitOf(req, 1000);
      const skip = Number(req.query.get('skip') ?? 0);
      const items = data.domains.slice(skip, skip + limit).map((name, i) => ({
        id: `d${i}`,
        name,
        state: 'active',
        type: 'custom',
        created_at: created(i),
        is_disabled: false,
        require_tls: false,
        skip_verification: false,
        smtp_login: `postmaster@${name}`,
        spam_action: 'disabled',
        web_prefix: 'email',
        web_scheme: 'https',
        wildcard: false,
        use_automatic_sender_security: true,
      }));
      return { json: { total_count: data.domains.length, items } };
    }
    if (parts[0] === 'v4' && parts[1] === 'domains' && parts.length === 3) {
      const name = parts[2] as string;
      if (!data.domains.includes(name)) return { status: 404, json: { message: 'Domain not found' } };
      return {
        json: {
          domain: { name, state: 'active' },
          sending_dns_records: [
            { record_type: 'TXT', name, value: 'v=spf1 include:mailgun.org ~all', valid: 'valid', cached: [] },
            {
              record_type: 'TXT',
              name: `pic._domainkey.${name}`,
              value: 'k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC',
              valid: 'valid',
              cached: [],
            },
            { record_type: 'CNAME', name: `email.${name}`, value: 'mailgun.org', valid: 'valid', cached: [] },
          ],
          receiving_dns_records: [
            { record_type: 'MX', name, value: 'mxa.mailgun.org', priority: '10', valid: 'valid', cached: [] },
          ],
        },
      };
    }
    if (parts[0] === 'v3' && parts[1] === 'domains' && parts[3] === 'webhooks')
      return { json: { webhooks: MAILGUN_WEBHOOKS } };
    if (req.path === '/v3/routes') {
      const skip = Number(req.query.get('skip') ?? 0);
      const limit = limitOf(req, 1000);
      return { json: { total_count: MAILGUN_ROUTES.length, items: MAILGUN_ROUTES.slice(skip, skip + limit) } };
    }
    if (parts[0] === 'v3' && parts[1] && data.domains.includes(parts[1])) {
      const list = parts[2] as string;
      if (list in LISTS && parts.length === 3) return suppressionPage(parts[1], list as ListName, req);
      if (list === 'templates') return templates(parts[1], req, parts.slice(3));
    }
    return undefined;
  };

  const fake = await startFakeServer(authorize, handle, (fault) => ({
    status: 429,
    json: { 'retry-seconds': fault.retryAfterSeconds },
    headers: { 'retry-after': String(fault.retryAfterSeconds) },
  }));
  base = fake.url;
  return fake;
}
