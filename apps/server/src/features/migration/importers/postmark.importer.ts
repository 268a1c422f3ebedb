import type { ProviderDomain, SuppressionType, WebhookEvent } from '@mailwright/contract';
import { getJson, type ProviderClient } from '../provider-http.ts';
import { toDate, toTemplateName } from './import-names.ts';
import type { ImportContext, ImportedTemplate, ImportPage, ProviderImporter, StepCursor } from './importer.types.ts';

/**
 * Postmark (providers.md §2–6, postmark.js): the account token (X-Postmark-Account-Token) lists domains and servers;
 * server data (suppressions, templates, webhooks, inbound) needs a server token (X-Postmark-Server-Token): api_user
 * when given, else the first server's own token from GET /servers. Lists page by count/offset against TotalCount;
 * the suppression dump is one answer per stream, written in slices of DUMP_SLICE rows with the position as cursor.
 */

const PAGE = 500;
const DUMP_SLICE = 1000;
const REASON_TYPE: Record<string, SuppressionType> = {
  HardBounce: 'bounce',
  SpamComplaint: 'complaint',
  ManualSuppression: 'unsubscribe',
};
const TRIGGERS: [string, WebhookEvent][] = [
  ['Delivery', 'delivered'],
  ['Bounce', 'hardbounce'],
  ['SpamComplaint', 'complained'],
  ['Open', 'opened'],
  ['Click', 'clicked'],
  ['SubscriptionChange', 'unsubscribed'],
];

const account = (ctx: ImportContext): ProviderClient => ({
  base: ctx.baseUrl,
  headers: { 'x-postmark-account-token': ctx.credentials.token },
  ...ctx.http,
});

async function server(ctx: ImportContext): Promise<ProviderClient> {
  let token = ctx.credentials.user;
  if (!token) {
    const { body } = await getJson<{ Servers: { ApiTokens?: string[] }[] }>(account(ctx), '/servers?count=1&offset=0');
    token = body.Servers[0]?.ApiTokens?.[0];
    if (!token) throw new Error('The Postmark account has no server to read from');
  }
  return { base: ctx.baseUrl, headers: { 'x-postmark-server-token': token }, ...ctx.http };
}

type PmDomain = { ID: number; Name: string; DKIMVerified?: boolean; ReturnPathDomainVerified?: boolean };

async function allDomains(ctx: ImportContext): Promise<PmDomain[]> {
  const domains: PmDomain[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { body } = await getJson<{ TotalCount: number; Domains: PmDomain[] }>(
      account(ctx),
      `/domains?count=${PAGE}&offset=${offset}`,
    );
    domains.push(...body.Domains);
    if (!body.Domains.length || offset + PAGE >= body.TotalCount) return domains;
  }
}

async function listDomains(ctx: ImportContext): Promise<ProviderDomain[]> {
  return (await allDomains(ctx)).map((d) => ({
    name: d.Name,
    state: d.DKIMVerified ? 'verified' : 'unverified',
    records: [],
  }));
}

async function readDomain(ctx: ImportContext): Promise<ImportPage> {
  const found = (await allDomains(ctx)).find((d) => d.Name.toLowerCase() === ctx.fromDomain);
  if (!found) return { providerDns: [], next: null, total: 1, warnings: ['Postmark does not list this domain'] };
  type Detail = {
    DKIMHost?: string;
    DKIMTextValue?: string;
    ReturnPathDomain?: string;
    ReturnPathDomainCNAMEValue?: string;
  };
  const { body } = await getJson<Detail>(account(ctx), `/domains/${found.ID}`);
  const providerDns = [];
  if (body.DKIMHost) providerDns.push({ type: 'TXT', host: body.DKIMHost, value: body.DKIMTextValue ?? '' });
  if (body.ReturnPathDomain) {
    providerDns.push({ type: 'CNAME', host: body.ReturnPathDomain, value: body.ReturnPathDomainCNAMEValue ?? '' });
  }
  return { providerDns, next: null, total: 1 };
}

type DumpRow = { EmailAddress: string; SuppressionReason: string; Origin?: string; CreatedAt?: string };
let dump: { key: string; rows: DumpRow[] } | null = null;

async function readSuppressions(ctx: ImportContext, cursor: StepCursor | null): Promise<ImportPage> {
  const api = await server(ctx);
  const { body: streams } = await getJson<{ MessageStreams: { ID: string; MessageStreamType: string }[] }>(
    api,
    '/message-streams?MessageStreamType=All&IncludeArchivedStreams=true',
  );
  const outbound = streams.MessageStreams.filter((s) => s.MessageStreamType !== 'Inbound');
  const index = Number(cursor?.stream ?? 0);
  const position = Number(cursor?.position ?? 0);
  const stream = outbound[index];
  if (!stream) return { next: null };
  const key = `${ctx.baseUrl}|${api.headers['x-postmark-server-token']}|${stream.ID}`;
  // The dump has no paging: it is read once per stream and runner pass and written a slice at a time (a restart
  // reads it again and skips to its position).
  if (dump?.key !== key) {
    const { body } = await getJson<{ Suppressions: DumpRow[] }>(
      api,
      `/message-streams/${encodeURIComponent(stream.ID)}/suppressions/dump`,
    );
    dump = { key, rows: body.Suppressions };
  }
  const body = { Suppressions: dump.rows };
  const slice = body.Suppressions.slice(position, position + DUMP_SLICE);
  const suppressions = slice.map((r) => ({
    recipient: r.EmailAddress.toLowerCase(),
    type: REASON_TYPE[r.SuppressionReason] ?? 'unsubscribe',
    reason: `${r.SuppressionReason}${r.Origin ? ` (${r.Origin})` : ''} in stream ${stream.ID}`,
    createdAt: toDate(r.CreatedAt),
  }));
  const more = position + DUMP_SLICE < body.Suppressions.length;
  if (!more) dump = null;
  const next = more
    ? { stream: index, position: position + DUMP_SLICE }
    : outbound[index + 1]
      ? { stream: index + 1, position: 0 }
      : null;
  return { suppressions, next };
}

async function readTemplates(ctx: ImportContext, cursor: StepCursor | null): Promise<ImportPage> {
  const api = await server(ctx);
  const offset = Number(cursor?.offset ?? 0);
  const count = 100;
  type Item = { TemplateId: number; Name: string; Alias?: string | null; TemplateType?: string };
  const { body } = await getJson<{ TotalCount: number; Templates: Item[] }>(
    api,
    `/templates?count=${count}&offset=${offset}&TemplateType=All`,
  );
  const templates: ImportedTemplate[] = [];
  const skipped = [];
  for (const item of body.Templates) {
    if (item.TemplateType === 'Layout') {
      skipped.push({
        item: `Layout ${item.Name}`,
        reason: 'Layouts have no equivalent here; templates using one come without it',
      });
      continue;
    }
    type One = { Subject?: string; HtmlBody?: string | null; TextBody?: string | null };
    const { body: one } = await getJson<One>(api, `/templates/${item.TemplateId}`);
    // Postmark keeps no history: one version, active.
    templates.push({
      name: toTemplateName(item.Alias || item.Name, `template-${item.TemplateId}`),
      description: item.Name.slice(0, 500),
      versions: [
        { tag: 'v1', subject: one.Subject ?? '', html: one.HtmlBody ?? '', text: one.TextBody ?? '', active: true },
      ],
    });
  }
  const done = !body.Templates.length || offset + count >= body.TotalCount;
  return { templates, skipped, total: body.TotalCount, next: done ? null : { offset: offset + count } };
}

async function readWebhooks(ctx: ImportContext): Promise<ImportPage> {
  type Hook = { Url: string; HttpAuth?: { Username?: string; Password?: string } | null; HttpHeaders?: unknown[] };
  const api = await server(ctx);
  const { body } = await getJson<{ Webhooks: (Hook & { Triggers: Record<string, { Enabled?: boolean }> })[] }>(
    api,
    '/webhooks',
  );
  const page: Required<Pick<ImportPage, 'webhooks' | 'skipped'>> = { webhooks: [], skipped: [] };
  const taken = new Set<WebhookEvent>();
  for (const hook of body.Webhooks) {
    let url = hook.Url;
    // HTTP Basic credentials ride in the URL here (sealed with it, like every webhook URL).
    if (hook.HttpAuth?.Username) {
      const parsed = new URL(hook.Url);
      parsed.username = hook.HttpAuth.Username;
      parsed.password = hook.HttpAuth.Password ?? '';
      url = parsed.toString();
    }
    if (hook.HttpHeaders?.length)
      page.skipped.push({ item: `Headers of ${hook.Url}`, reason: 'Custom headers are not sent here' });
    for (const [trigger, event] of TRIGGERS) {
      if (!hook.Triggers[trigger]?.Enabled) continue;
      if (taken.has(event))
        page.skipped.push({ item: `${trigger} → ${hook.Url}`, reason: 'Only one URL per event here' });
      else {
        taken.add(event);
        page.webhooks.push({ event, url });
      }
    }
  }
  return { ...page, next: null };
}

async function readRoutes(ctx: ImportContext): Promise<ImportPage> {
  const { body } = await getJson<{ InboundHookUrl?: string; InboundDomain?: string }>(await server(ctx), '/server');
  if (!body.InboundHookUrl) return { routes: [], next: null };
  const item = `Inbound webhook ${body.InboundHookUrl}`;
  const input = {
    priority: 0,
    description: 'Postmark inbound webhook',
    expression: { type: 'catch_all' as const },
    actions: [{ type: 'forward_url' as const, url: body.InboundHookUrl }],
    mode: 'accept' as const,
    enabled: true,
  };
  return { routes: [{ item, input }], next: null };
}

export const postmarkImporter: ProviderImporter = {
  listDomains,
  readPage(method, ctx, cursor) {
    if (method === 'domain') return readDomain(ctx);
    if (method === 'suppressions') return readSuppressions(ctx, cursor);
    if (method === 'templates') return readTemplates(ctx, cursor);
    if (method === 'webhooks') return readWebhooks(ctx);
    return readRoutes(ctx);
  },
};
