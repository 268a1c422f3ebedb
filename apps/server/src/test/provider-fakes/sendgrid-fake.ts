import { type FakeRequest, type FakeServer, pad, startFakeServer } from './fake-http.ts';

/**
 * SendGrid's documented v3 endpoints the importer reads (providers.md §2–6; @sendgrid/client): Bearer key (401 with
 * the documented {"errors":[…]} otherwise), whitelabel domains and the five suppression lists as bare arrays paged by
 * limit/offset with a Link header, dynamic templates paged by `_metadata.next` (page_token), the Event Webhook
 * settings and Inbound Parse settings; 429 with X-RateLimit-* and Retry-After.
 */

export const SENDGRID_KEY = 'SG.fake-sendgrid-key.0123456789';

export interface SendgridFakeData {
  domains: string[];
  bounces: number;
  blocks: number;
  invalid_emails: number;
  spam_reports: number;
  unsubscribes: number;
  templates: number;
  versionsPerTemplate: number;
}

export const SENDGRID_DEFAULTS: SendgridFakeData = {
  domains: ['example.com', 'mail.example.org'],
  bounces: 900,
  blocks: 40,
  invalid_emails: 20,
  spam_reports: 30,
  unsubscribes: 510,
  templates: 5,
  versionsPerTemplate: 2,
};

const LISTS = ['bounces', 'blocks', 'invalid_emails', 'spam_reports', 'unsubscribes'] as const;
type ListName = (typeof LISTS)[number];
const address = (list: ListName, i: number) => `${list.slice(0, 2)}${pad(i)}@recipients.example.org`;
const templateId = (i: number) => `d-${pad(i)}aaaaaaaaaaaaaaaaaaaaaaaa`;

export async function startSendgridFake(overrides: Partial<SendgridFakeData> = {}): Promise<FakeServer> {
  const data = { ...SENDGRID_DEFAULTS, ...overrides };
  let base = '';
  const authorize = (req: FakeRequest) => {
    if (!req.headers.authorization)
      return { status: 401, json: { errors: [{ field: null, message: 'authorization required' }] } };
    if (req.headers.authorization !== `Bearer ${SENDGRID_KEY}`) {
      return {
        status: 401,
        json: {
          errors: [
            { message: 'The provided authorization grant is invalid, expired, or revoked', field: null, help: null },
          ],
        },
      };
    }
    return undefined;
  };

  const paged = <T>(req: FakeRequest, count: number, path: string, item: (i: number) => T) => {
    const limit = Math.min(500, Math.max(1, Number(req.query.get('limit') ?? 500)));
    const offset = Math.max(0, Number(req.query.get('offset') ?? 0));
    const items: T[] = [];
    for (let i = offset; i < Math.min(count, offset + limit); i++) items.push(item(i));
    const link = (o: number, rel: string) =>
      `<${base}${path}?limit=${limit}&offset=${o}>; rel="${rel}"; title="${Math.floor(o / limit) + 1}"`;
    const last = Math.max(0, Math.floor((count - 1) / limit) * limit);
    const links = [
      link(0, 'first'),
      link(Math.max(0, offset - limit), 'prev'),
      link(Math.min(last, offset + limit), 'next'),
      link(last, 'last'),
    ];
    return { json: items, headers: { link: links.join(', ') } };
  };

  const version = (t: number, v: number) => ({
    id: `v-${t}-${v}`,
    template_id: templateId(t),
    active: v === data.versionsPerTemplate ? 1 : 0,
    name: `Version ${v}`,
    subject: `Order {{order_id}} (${t}.${v})`,
    updated_at: '2024-01-02 03:04:05',
    editor: 'code',
    generate_plain_content: false,
  });
  const template = (t: number) => ({
    id: templateId(t),
    name: `Receipt ${t}`,
    generation: 'dynamic',
    updated_at: '2024-01-02 03:04:05',
    versions: Array.from({ length: data.versionsPerTemplate }, (_, v) => version(t, v + 1)),
  });

  const handle = (req: FakeRequest) => {
    const parts = req.path.split('/').filter(Boolean);
    if (req.path === '/v3/whitelabel/domains') {
      return paged(req, data.domains.length, req.path, (i) => {
        const domain = data.domains[i] as string;
        return {
          id: i + 1,
          user_id: 7,
          subdomain: 'em123',
          domain,
          username: 'acme',
          ips: [],
          custom_spf: false,
          default: i === 0,
          legacy: false,
          automatic_security: true,
          valid: true,
          dns: {
            mail_cname: { valid: true, type: 'cname', host: `em123.${domain}`, data: 'u7.wl.sendgrid.net' },
            dkim1: {
              valid: true,
              type: 'cname',
              host: `s1._domainkey.${domain}`,
              data: 's1.domainkey.u7.wl.sendgrid.net',
            },
            dkim2: {
              valid: true,
              type: 'cname',
              host: `s2._domainkey.${domain}`,
              data: 's2.domainkey.u7.wl.sendgrid.net',
            },
          },
        };
      });
    }
    if (parts[0] === 'v3' && parts[1] === 'suppression' && LISTS.includes(parts[2] as ListName)) {
      const list = parts[2] as ListName;
      return paged(req, data[list], req.path, (i) => ({
        created: 1_700_000_000 + i,
        email: address(list, i),
        ...(list === 'bounces' || list === 'blocks' ? { reason: '550 5.1.1 User unknown', status: '5.1.1' } : {}),
        ...(list === 'invalid_emails' ? { reason: 'Mail domain mentioned in email address is unknown' } : {}),
        ...(list === 'spam_reports' ? { ip: '192.0.2.1' } : {}),
      }));
    }
    if (req.path === '/v3/templates') {
      const size = Number(req.query.get('page_size') ?? 0);
      if (!size) return { json: { templates: [] } };
      if (!(req.query.get('generations') ?? '').includes('dynamic'))
        return { json: { result: [], _metadata: { self: '', count: 0 } } };
      const start = Number(req.query.get('page_token') ?? 0);
      const result = [];
      for (let i = start; i < Math.min(data.templates, start + size); i++) result.push(template(i));
      const url = `${base}/v3/templates?generations=dynamic&page_size=${size}`;
      const more = start + size < data.templates;
      return {
        json: {
          result,
          _metadata: {
            self: url,
            count: data.templates,
            ...(more ? { next: `${url}&page_token=${start + size}` } : {}),
          },
        },
      };
    }
    if (parts[0] === 'v3' && parts[1] === 'templates' && parts[2]) {
      const t = Number(/^d-(\d+)/.exec(parts[2])?.[1] ?? -1);
      if (t < 0 || t >= data.templates)
        return { status: 404, json: { errors: [{ field: null, message: 'template not found' }] } };
      if (parts.length === 3) return { json: template(t) };
      const v = Number(/^v-\d+-(\d+)$/.exec(parts[4] ?? '')?.[1] ?? -1);
      if (parts[3] !== 'versions' || v < 1 || v > data.versionsPerTemplate) return undefined;
      return {
        json: {
          ...version(t, v),
          html_content: `<p>Thanks {{first_name}}, order {{order_id}}.</p>{{#each items}}<li>{{this.name}}</li>{{/each}}`,
          plain_content: 'Thanks {{first_name}}, order {{order_id}}.',
          test_data: '{"first_name":"Ann"}',
        },
      };
    }
    if (req.path === '/v3/user/webhooks/event/settings/all') {
      return {
        json: {
          max_allowed: 5,
          webhooks: [
            {
              id: 'wh-1',
              enabled: true,
              url: 'https://hooks.example.net/sendgrid',
              friendly_name: 'main',
              processed: false,
              delivered: true,
              deferred: false,
              dropped: true,
              bounce: true,
              open: false,
              click: true,
              spam_report: true,
              unsubscribe: false,
              group_unsubscribe: true,
              group_resubscribe: false,
            },
          ],
        },
      };
    }
    if (req.path === '/v3/user/webhooks/parse/settings') {
      return {
        json: {
          result: [
            {
              url: 'https://hooks.example.net/parse',
              hostname: 'parse.example.com',
              spam_check: false,
              send_raw: false,
            },
            { url: 'https://hooks.example.net/other', hostname: 'in.other.test', spam_check: false, send_raw: true },
          ],
        },
      };
    }
    return undefined;
  };

  const fake = await startFakeServer(authorize, handle, (fault) => ({
    status: 429,
    json: { errors: [{ field: null, message: 'too many requests' }] },
    headers: {
      'x-ratelimit-limit': '600',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + fault.retryAfterSeconds),
      'retry-after': String(fault.retryAfterSeconds),
    },
  }));
  base = fake.url;
  return fake;
}
