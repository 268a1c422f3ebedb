import type { MigrationDnsRecord, ProviderDomain, SuppressionType, WebhookEvent } from '@mailwright/contract';
import { getJson, type ProviderClient } from '../provider-http.ts';
import { toDate, toTag, toTemplateName } from './import-names.ts';
import type { ImportContext, ImportedTemplate, ImportPage, ProviderImporter, StepCursor } from './importer.types.ts';
import { type MailgunRoute, mapMailgunRoute } from './mailgun-routes.ts';

/**
 * Mailgun (providers.md §2–6, mailgun.js): HTTP Basic `api:<private key>`; the region (US/EU) is the host. Suppression
 * and template lists page by following `paging.next` verbatim until a page has no items; domains and routes page by
 * skip/limit against total_count.
 */

interface Paging {
  next?: string;
}
interface DnsRecord {
  record_type: string;
  name: string;
  value: string;
}

const SUPPRESSION_LISTS = ['bounces', 'unsubscribes', 'complaints', 'whitelists'] as const;
const LIST_TYPE: Record<string, SuppressionType> = {
  bounces: 'bounce',
  unsubscribes: 'unsubscribe',
  complaints: 'complaint',
};
const PAGE = 1000;

/** Mailgun's webhook events → ours (permanent_fail is a hard bounce, temporary_fail a soft one). */
const EVENTS: Record<string, WebhookEvent> = {
  accepted: 'accepted',
  delivered: 'delivered',
  opened: 'opened',
  clicked: 'clicked',
  unsubscribed: 'unsubscribed',
  complained: 'complained',
  permanent_fail: 'hardbounce',
  temporary_fail: 'softbounce',
};

function client(ctx: ImportContext): ProviderClient {
  const basic = Buffer.from(`api:${ctx.credentials.token}`).toString('base64');
  return { base: ctx.baseUrl, headers: { authorization: `Basic ${basic}` }, ...ctx.http };
}

const enc = encodeURIComponent;

async function listDomains(ctx: ImportContext): Promise<ProviderDomain[]> {
  const api = client(ctx);
  const domains: ProviderDomain[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const { body } = await getJson<{ total_count: number; items: { name: string; state: string }[] }>(
      api,
      `/v4/domains?limit=${PAGE}&skip=${skip}`,
    );
    for (const d of body.items) domains.push({ name: d.name, state: d.state, records: [] });
    if (!body.items.length || skip + PAGE >= body.total_count) return domains;
  }
}

async function readDomain(ctx: ImportContext): Promise<ImportPage> {
  const { body } = await getJson<{ sending_dns_records?: DnsRecord[]; receiving_dns_records?: DnsRecord[] }>(
    client(ctx),
    `/v4/domains/${enc(ctx.fromDomain)}`,
  );
  const records = [...(body.sending_dns_records ?? []), ...(body.receiving_dns_records ?? [])];
  const providerDns: MigrationDnsRecord[] = records.map((r) => ({
    type: r.record_type,
    host: r.name || ctx.fromDomain,
    value: r.value,
  }));
  return { providerDns, next: null, total: 1 };
}

async function readSuppressions(ctx: ImportContext, cursor: StepCursor | null): Promise<ImportPage> {
  const index = Number(cursor?.list ?? 0);
  const list = SUPPRESSION_LISTS[index];
  if (!list) return { next: null };
  const url = typeof cursor?.url === 'string' ? cursor.url : `/v3/${enc(ctx.fromDomain)}/${list}?limit=${PAGE}`;
  type Item = { address?: string; value?: string; type?: string; code?: string; error?: string; reason?: string };
  const { body } = await getJson<{ items: (Item & { created_at?: string; createdAt?: string })[]; paging?: Paging }>(
    client(ctx),
    url,
  );
  const nextList = SUPPRESSION_LISTS[index + 1] ? { list: index + 1, url: null } : null;
  const next = body.items.length && body.paging?.next ? { list: index, url: body.paging.next } : nextList;
  if (list === 'whitelists') {
    const allow = body.items.map((i) => ({ recipient: String(i.value ?? '').toLowerCase(), note: i.reason ?? '' }));
    return { allow, next };
  }
  const suppressions = body.items.map((i) => ({
    recipient: String(i.address ?? '').toLowerCase(),
    type: LIST_TYPE[list] as SuppressionType,
    reason: [i.code, i.error].filter(Boolean).join(' ').slice(0, 1000),
    createdAt: toDate(i.created_at),
  }));
  return { suppressions, next };
}

async function readTemplate(api: ProviderClient, domain: string, name: string, description: string) {
  const template: ImportedTemplate = { name: toTemplateName(name, 'template'), description, versions: [] };
  let url: string | undefined = `/v3/${enc(domain)}/templates/${enc(name)}/versions?limit=100`;
  while (url) {
    type Versions = { template: { versions: { tag: string; active: boolean }[] }; paging?: Paging };
    const { body }: { body: Versions } = await getJson<Versions>(api, url);
    for (const v of body.template.versions) {
      type One = { template: { version: { template?: string; headers?: Record<string, string> } } };
      const { body: one } = await getJson<One>(api, `/v3/${enc(domain)}/templates/${enc(name)}/versions/${enc(v.tag)}`);
      const headers = Object.fromEntries(
        Object.entries(one.template.version.headers ?? {}).map(([k, value]) => [k.toLowerCase(), value]),
      );
      template.versions.push({
        tag: toTag(v.tag, `v${template.versions.length + 1}`),
        subject: headers.subject ?? '',
        html: one.template.version.template ?? '',
        text: '',
        active: v.active,
      });
    }
    url = body.template.versions.length ? body.paging?.next : undefined;
  }
  return template;
}

async function readTemplates(ctx: ImportContext, cursor: StepCursor | null): Promise<ImportPage> {
  const api = client(ctx);
  const url = typeof cursor?.url === 'string' ? cursor.url : `/v3/${enc(ctx.fromDomain)}/templates?limit=100`;
  const { body } = await getJson<{ items: { name: string; description?: string }[]; paging?: Paging }>(api, url);
  const templates: ImportedTemplate[] = [];
  for (const item of body.items) {
    templates.push(await readTemplate(api, ctx.fromDomain, item.name, (item.description ?? '').slice(0, 500)));
  }
  return { templates, next: body.items.length && body.paging?.next ? { url: body.paging.next } : null };
}

async function readWebhooks(ctx: ImportContext): Promise<ImportPage> {
  const { body } = await getJson<{ webhooks: Record<string, { urls?: string[] }> }>(
    client(ctx),
    `/v3/domains/${enc(ctx.fromDomain)}/webhooks`,
  );
  const page: Required<Pick<ImportPage, 'webhooks' | 'skipped'>> = { webhooks: [], skipped: [] };
  for (const [name, hook] of Object.entries(body.webhooks ?? {})) {
    const event = EVENTS[name];
    for (const [i, url] of (hook.urls ?? []).entries()) {
      if (!event) page.skipped.push({ item: `${name} → ${url}`, reason: `No event here matches Mailgun's ${name}` });
      else if (i > 0) page.skipped.push({ item: `${name} → ${url}`, reason: 'Only one URL per event here' });
      else page.webhooks.push({ event, url });
    }
  }
  return { ...page, next: null };
}

async function readRoutes(ctx: ImportContext, cursor: StepCursor | null): Promise<ImportPage> {
  const skip = Number(cursor?.skip ?? 0);
  const limit = 100;
  const { body } = await getJson<{ total_count: number; items: MailgunRoute[] }>(
    client(ctx),
    `/v3/routes?skip=${skip}&limit=${limit}`,
  );
  const done = !body.items.length || skip + limit >= body.total_count;
  return {
    routes: body.items.map(mapMailgunRoute),
    total: body.total_count,
    next: done ? null : { skip: skip + limit },
  };
}

export const mailgunImporter: ProviderImporter = {
  listDomains,
  readPage(method, ctx, cursor) {
    if (method === 'domain') return readDomain(ctx);
    if (method === 'suppressions') return readSuppressions(ctx, cursor);
    if (method === 'templates') return readTemplates(ctx, cursor);
    if (method === 'webhooks') return readWebhooks(ctx);
    return readRoutes(ctx, cursor);
  },
};
