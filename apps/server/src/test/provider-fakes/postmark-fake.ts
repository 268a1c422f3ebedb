import { type FakeRequest, type FakeServer, pad, startFakeServer } from './fake-http.ts';

/**
 * Postmark's documented endpoints the importer reads (providers.md §2–6; postmark.js): the account token
 * (X-Postmark-Account-Token) for /servers and /domains, a server token (X-Postmark-Server-Token) for server data;
 * 401 {"ErrorCode":10,…} for a wrong token, a request carrying both is refused as Postmark does. Lists page by
 * count/offset (either case of the names); the suppression dump is one answer per stream. 429 with no rate headers.
 */

export const POSTMARK_ACCOUNT_TOKEN = 'pm-account-fake-0123';
export const POSTMARK_SERVER_TOKEN = 'pm-server-fake-4567';

export interface PostmarkFakeData {
  domains: string[];
  /** Per outbound stream (outbound, broadcast). */
  suppressions: [number, number];
  templates: number;
  layouts: number;
}

export const POSTMARK_DEFAULTS: PostmarkFakeData = {
  domains: ['example.com'],
  suppressions: [1500, 250],
  templates: 7,
  layouts: 1,
};

const REASONS = ['HardBounce', 'SpamComplaint', 'ManualSuppression'] as const;
const STREAMS = [
  { ID: 'outbound', Name: 'Default Transactional Stream', MessageStreamType: 'Transactional' },
  { ID: 'broadcast', Name: 'Default Broadcast Stream', MessageStreamType: 'Broadcasts' },
  { ID: 'inbound', Name: 'Default Inbound Stream', MessageStreamType: 'Inbound' },
];

const q = (req: FakeRequest, name: string) =>
  req.query.get(name) ?? req.query.get(name[0]?.toUpperCase() + name.slice(1));

export async function startPostmarkFake(overrides: Partial<PostmarkFakeData> = {}): Promise<FakeServer> {
  const data = { ...POSTMARK_DEFAULTS, ...overrides };
  const unauthorized = (which: string) => ({
    status: 401,
    json: { ErrorCode: 10, Message: `Request does not contain a valid ${which} token.` },
  });
  const accountPaths = /^\/(servers|domains|senders)(\/|$)/;
  const authorize = (req: FakeRequest) => {
    const account = req.headers['x-postmark-account-token'];
    const server = req.headers['x-postmark-server-token'];
    if (account && server) {
      return {
        status: 401,
        json: { ErrorCode: 10, Message: 'Please do not include Account API Token for Server API Token calls.' },
      };
    }
    if (accountPaths.test(req.path)) return account === POSTMARK_ACCOUNT_TOKEN ? undefined : unauthorized('Account');
    return server === POSTMARK_SERVER_TOKEN ? undefined : unauthorized('Server');
  };
  const page = (req: FakeRequest) => {
    const count = Number(q(req, 'count'));
    const offset = Number(q(req, 'offset'));
    if (!Number.isInteger(count) || !Number.isInteger(offset) || count < 1 || count > 500) {
      return {
        error: { status: 422, json: { ErrorCode: 402, Message: 'The count and offset parameters are required' } },
      };
    }
    return { count, offset };
  };
  const templateItem = (i: number) =>
    i < data.layouts
      ? {
          TemplateId: 1000 + i,
          Name: `Basic layout ${i}`,
          Alias: `layout-${i}`,
          Active: true,
          TemplateType: 'Layout',
          LayoutTemplate: null,
        }
      : {
          TemplateId: 1000 + i,
          Name: `Welcome ${i}`,
          Alias: `welcome-${pad(i)}`,
          Active: true,
          TemplateType: 'Standard',
          LayoutTemplate: 'layout-0',
        };

  const handle = (req: FakeRequest) => {
    const parts = req.path.split('/').filter(Boolean);
    if (req.path === '/servers') {
      const p = page(req);
      if ('error' in p) return p.error;
      const servers = [
        {
          ID: 1,
          Name: 'Production',
          ApiTokens: [POSTMARK_SERVER_TOKEN],
          InboundHookUrl: 'https://hooks.example.net/pm-inbound',
        },
      ];
      return { json: { TotalCount: servers.length, Servers: servers.slice(p.offset, p.offset + p.count) } };
    }
    if (req.path === '/domains') {
      const p = page(req);
      if ('error' in p) return p.error;
      const all = data.domains.map((Name, i) => ({
        ID: 10 + i,
        Name,
        SPFVerified: true,
        DKIMVerified: true,
        WeakDKIM: false,
        ReturnPathDomainVerified: true,
      }));
      return { json: { TotalCount: all.length, Domains: all.slice(p.offset, p.offset + p.count) } };
    }
    if (parts[0] === 'domains' && parts[1]) {
      const name = data.domains[Number(parts[1]) - 10];
      if (!name) return { status: 404, json: { ErrorCode: 510, Message: 'Domain not found.' } };
      return {
        json: {
          ID: Number(parts[1]),
          Name: name,
          DKIMVerified: true,
          DKIMHost: `20240101._domainkey.${name}`,
          DKIMTextValue: 'k=rsa;p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ',
          ReturnPathDomain: `pm-bounces.${name}`,
          ReturnPathDomainCNAMEValue: 'pm.mtasv.net',
          ReturnPathDomainVerified: true,
        },
      };
    }
    if (req.path === '/server') {
      return {
        json: {
          ID: 1,
          Name: 'Production',
          ApiTokens: [POSTMARK_SERVER_TOKEN],
          InboundHookUrl: 'https://hooks.example.net/pm-inbound',
          InboundDomain: '',
        },
      };
    }
    if (req.path === '/message-streams') {
      return {
        json: {
          MessageStreams: STREAMS.map((s) => ({ ...s, ServerID: 1, CreatedAt: '2024-01-01T00:00:00-05:00' })),
          TotalCount: STREAMS.length,
        },
      };
    }
    if (parts[0] === 'message-streams' && parts[2] === 'suppressions' && parts[3] === 'dump') {
      const stream = STREAMS.findIndex((s) => s.ID === parts[1]);
      if (stream < 0 || stream > 1)
        return { status: 422, json: { ErrorCode: 1226, Message: 'The message stream was not found.' } };
      const n = data.suppressions[stream] ?? 0;
      const Suppressions = Array.from({ length: n }, (_, i) => ({
        EmailAddress: `${STREAMS[stream]?.ID.slice(0, 2)}${pad(i)}@recipients.example.org`,
        SuppressionReason: REASONS[i % 3],
        Origin: 'Recipient',
        CreatedAt: '2019-12-17T08:58:33-05:00',
      }));
      return { json: { Suppressions } };
    }
    if (req.path === '/templates') {
      const p = page(req);
      if ('error' in p) return p.error;
      const items = [];
      for (let i = p.offset; i < Math.min(data.templates, p.offset + p.count); i++) items.push(templateItem(i));
      return { json: { TotalCount: data.templates, Templates: items } };
    }
    if (parts[0] === 'templates' && parts[1]) {
      const i = Number(parts[1]) - 1000;
      if (!(i >= 0 && i < data.templates))
        return { status: 422, json: { ErrorCode: 1101, Message: 'Template not found.' } };
      return {
        json: {
          ...templateItem(i),
          Subject: 'Welcome, {{name}}!',
          HtmlBody: '<p>Hi {{name}}, welcome to {{product}}.</p>',
          TextBody: 'Hi {{name}}, welcome to {{product}}.',
          AssociatedServerId: 1,
        },
      };
    }
    if (req.path === '/webhooks') {
      return {
        json: {
          Webhooks: [
            {
              ID: 1,
              Url: 'https://hooks.example.net/pm',
              MessageStream: 'outbound',
              HttpAuth: { Username: 'hook', Password: 's3cret' },
              HttpHeaders: [{ Name: 'X-Env', Value: 'prod' }],
              Triggers: {
                Open: { Enabled: true, PostFirstOpenOnly: false },
                Click: { Enabled: false },
                Delivery: { Enabled: true },
                Bounce: { Enabled: true, IncludeContent: false },
                SpamComplaint: { Enabled: false, IncludeContent: false },
                SubscriptionChange: { Enabled: false },
              },
            },
          ],
        },
      };
    }
    return undefined;
  };
  return startFakeServer(authorize, handle, () => ({
    status: 429,
    json: { ErrorCode: 429, Message: 'Rate Limit Exceeded' },
  }));
}
