import type { ProviderDomain, SuppressionType, WebhookEvent } from '@mailwright/contract';
import { getJson, type ProviderClient } from '../provider-http.ts';
import { toDate, toTag, toTemplateName } from './import-names.ts';
import type {
  ImportContext,
  ImportedRoute,
  ImportedTemplate,
  ImportPage,
  ProviderImporter,
  StepCursor,
} from './importer.types.ts';

/**
 * SendGrid (providers.md §2–6, @sendgrid/client): `Authorization: Bearer <key>`, and `on-behalf-of: <subuser>` when
 * api_user names one. Suppressions are account-wide bare arrays paged by offset until a short page; dynamic
 * templates page by `_metadata.next`. Domains come from domain authentication (whitelabel).
 */

const PAGE = 500;
const SUPPRESSION_LISTS = ['bounces', 'blocks', 'invalid_emails', 'spam_reports', 'unsubscribes'] as const;
const LIST_TYPE: Record<(typeof SUPPRESSION_LISTS)[number], SuppressionType> = {
  bounces: 'bounce',
  blocks: 'block',
  invalid_emails: 'bounce',
  spam_reports: 'complaint',
  unsubscribes: 'unsubscribe',
};

/** SendGrid's Event Webhook switches → our events. */
const EVENTS: [string, WebhookEvent][] = [
  ['processed', 'accepted'],
  ['delivered', 'delivered'],
  ['dropped', 'rejected'],
  ['deferred', 'softbounce'],
  ['bounce', 'hardbounce'],
  ['open', 'opened'],
  ['click', 'clicked'],
  ['unsubscribe', 'unsubscribed'],
  ['spam_report', 'complained'],
];

function client(ctx: ImportContext): ProviderClient {
  const headers: Record<string, string> = { authorization: `Bearer ${ctx.credentials.token}` };
  if (ctx.credentials.user) headers['on-behalf-of'] = ctx.credentials.user;
  return { base: ctx.baseUrl, headers, ...ctx.http };
}

interface Whitelabel {
  domain: string;
  subdomain?: string;
  valid: boolean;
  dns?: Record<string, { type: string; host: string; data: string }>;
}

async function authenticatedDomains(ctx: ImportContext): Promise<Whitelabel[]> {
  const all: Whitelabel[] = [];
  const limit = 50;
  for (let offset = 0; ; offset += limit) {
    const { body } = await getJson<Whitelabel[]>(client(ctx), `/v3/whitelabel/domains?limit=${limit}&offset=${offset}`);
    all.push(...body);
    if (body.length < limit) return all;
  }
}

const recordsOf = (d: Whitelabel) =>
  Object.values(d.dns ?? {}).map((r) => ({ type: r.type.toUpperCase(), host: r.host, value: r.data }));

async function listDomains(ctx: ImportContext): Promise<ProviderDomain[]> {
  return (await authenticatedDomains(ctx)).map((d) => ({
    name: d.domain,
    state: d.valid ? 'verified' : 'unverified',
    records: recordsOf(d),
  }));
}

async function readDomain(ctx: ImportContext): Promise<ImportPage> {
  const found = (await authenticatedDomains(ctx)).find((d) => d.domain === ctx.fromDomain);
  return { providerDns: found ? recordsOf(found) : [], next: null, total: 1 };
}

async function readSuppressions(ctx: ImportContext, cursor: StepCursor | null): Promise<ImportPage> {
  const index = Number(cursor?.list ?? 0);
  const offset = Number(cursor?.offset ?? 0);
  const list = SUPPRESSION_LISTS[index];
  if (!list) return { next: null };
  type Row = { email: string; created?: number; reason?: string; status?: string };
  const { body } = await getJson<Row[]>(client(ctx), `/v3/suppression/${list}?limit=${PAGE}&offset=${offset}`);
  const suppressions = body.map((r) => ({
    recipient: r.email.toLowerCase(),
    type: LIST_TYPE[list],
    reason: [r.status, r.reason].filter(Boolean).join(' ').slice(0, 1000),
    createdAt: toDate(r.created),
  }));
  const next =
    body.length === PAGE
      ? { list: index, offset: offset + PAGE }
      : SUPPRESSION_LISTS[index + 1]
        ? { list: index + 1, offset: 0 }
        : null;
  return { suppressions, next };
}

async function readTemplates(ctx: ImportContext, cursor: StepCursor | null): Promise<ImportPage> {
  const api = client(ctx);
  // Dynamic templates are the Handlebars ones; legacy ones use substitution tags and are not brought over.
  const url = typeof cursor?.url === 'string' ? cursor.url : '/v3/templates?generations=dynamic&page_size=200';
  type List = { result: { id: string; name: string }[]; _metadata?: { next?: string; count?: number } };
  const { body } = await getJson<List>(api, url);
  const templates: ImportedTemplate[] = [];
  for (const item of body.result) {
    const { body: full } = await getJson<{ versions?: { id: string }[] }>(
      api,
      `/v3/templates/${encodeURIComponent(item.id)}`,
    );
    const template: ImportedTemplate = {
      name: toTemplateName(item.name, item.id.toLowerCase()),
      description: '',
      versions: [],
    };
    for (const v of full.versions ?? []) {
      type Version = { name?: string; active: number; subject?: string; html_content?: string; plain_content?: string };
      const { body: version } = await getJson<Version>(
        api,
        `/v3/templates/${encodeURIComponent(item.id)}/versions/${encodeURIComponent(v.id)}`,
      );
      template.versions.push({
        tag: toTag(version.name ?? '', `v${template.versions.length + 1}`),
        subject: version.subject ?? '',
        html: version.html_content ?? '',
        text: version.plain_content ?? '',
        active: version.active === 1,
      });
    }
    templates.push(template);
  }
  const next = body.result.length && body._metadata?.next ? { url: body._metadata.next } : null;
  return { templates, next, ...(body._metadata?.count !== undefined ? { total: body._metadata.count } : {}) };
}

async function readWebhooks(ctx: ImportContext): Promise<ImportPage> {
  type Hook = Record<string, unknown> & { url?: string; enabled?: boolean };
  const { body } = await getJson<{ webhooks: Hook[] }>(client(ctx), '/v3/user/webhooks/event/settings/all');
  const page: Required<Pick<ImportPage, 'webhooks' | 'skipped'>> = { webhooks: [], skipped: [] };
  const taken = new Set<WebhookEvent>();
  for (const hook of body.webhooks ?? []) {
    if (!hook.url) continue; // the documented empty case is [{}]
    for (const [flag, event] of EVENTS) {
      if (hook[flag] !== true) continue;
      if (taken.has(event)) page.skipped.push({ item: `${flag} → ${hook.url}`, reason: 'Only one URL per event here' });
      else {
        taken.add(event);
        page.webhooks.push({ event, url: hook.url });
      }
    }
    for (const flag of ['group_unsubscribe', 'group_resubscribe', 'account_status_change']) {
      if (hook[flag] === true) page.skipped.push({ item: `${flag} → ${hook.url}`, reason: 'No such event here' });
    }
  }
  return { ...page, next: null };
}

async function readRoutes(ctx: ImportContext): Promise<ImportPage> {
  type Parse = { url: string; hostname: string };
  const { body } = await getJson<{ result: Parse[] }>(client(ctx), '/v3/user/webhooks/parse/settings');
  const routes: ImportedRoute[] = (body.result ?? []).map((p) => {
    const item = `Inbound Parse ${p.hostname} → ${p.url}`;
    const host = p.hostname.toLowerCase();
    if (host !== ctx.fromDomain && !host.endsWith(`.${ctx.fromDomain}`)) {
      return { item, reason: `The parse host ${p.hostname} is not ${ctx.fromDomain}` };
    }
    const input = {
      priority: 0,
      description: `SendGrid Inbound Parse for ${p.hostname}`,
      expression: { type: 'catch_all' as const },
      actions: [{ type: 'forward_url' as const, url: p.url }],
      mode: 'accept' as const,
      enabled: true,
    };
    return { item, input };
  });
  return { routes, next: null };
}

export const sendgridImporter: ProviderImporter = {
  listDomains,
  readPage(method, ctx, cursor) {
    if (method === 'domain') return readDomain(ctx);
    if (method === 'suppressions') return readSuppressions(ctx, cursor);
    if (method === 'templates') return readTemplates(ctx, cursor);
    if (method === 'webhooks') return readWebhooks(ctx);
    return readRoutes(ctx);
  },
};
