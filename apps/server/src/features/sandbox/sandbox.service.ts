import { BOUNCE_HOST_PREFIX, type SandboxAuth, TRACKING_HOST_PREFIX } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { generateDkimKey } from '../../mail/dns/dkim-keys.ts';
import { headerValue, splitMessage } from '../../mail/message/headers.ts';
import { insertDomain } from '../domains/domains.repo.ts';
import * as repo from './sandbox.repo.ts';
import { newSandboxName } from './sandbox-names.ts';

export const SANDBOX_MESSAGE_NOT_FOUND = 'Sandbox message not found!';
// Attachments up to this size come with the message for the console to offer as downloads; bigger ones only by name.
const ATTACHMENT_INLINE_LIMIT = 5 * 1024 * 1024;

/**
 * The customer's sandbox domain, created when missing (with a customer, at start for older customers, or on first
 * use). Safe to run twice at once: the partial unique index keeps one per customer, and a name that happens to be
 * taken is simply drawn again.
 */
export async function ensureSandboxDomain(deps: Deps, cid: number): Promise<repo.SandboxDomainRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await repo.findSandboxDomain(deps.db, cid);
    if (existing) return existing;
    const name = newSandboxName(deps.config.mailHostname);
    const key = await generateDkimKey();
    try {
      await deps.db.transaction(async (tx) => {
        const did = await insertDomain(tx, cid, {
          name,
          key,
          bounceHost: BOUNCE_HOST_PREFIX + name,
          trackingHost: TRACKING_HOST_PREFIX + name,
        });
        await repo.markSandbox(tx, cid, did);
      });
    } catch (error) {
      // Another request made the customer's sandbox domain first, or the random name was taken: look again.
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }
  throw new Error(`no sandbox domain could be created for customer ${cid}`);
}

/** With a new customer: its sandbox domain, while the sandbox is on (SANDBOX=off creates none). */
export async function giveSandboxDomain(deps: Deps, cid: number): Promise<void> {
  if (deps.config.sandbox) await ensureSandboxDomain(deps, cid);
}

/** At start: every customer without a sandbox domain gets one (customers from before the sandbox, or the CLI's). */
export async function ensureSandboxDomains(deps: Deps): Promise<number> {
  if (!deps.config.sandbox) return 0;
  const missing = await repo.customersWithoutSandbox(deps.db);
  for (const cid of missing) await ensureSandboxDomain(deps, cid);
  if (missing.length) deps.log.info({ customers: missing.length }, 'sandbox domains created');
  return missing.length;
}

export async function getSandboxInfo(deps: Deps, cid: number) {
  const domain = deps.config.sandbox
    ? await ensureSandboxDomain(deps, cid)
    : await repo.findSandboxDomain(deps.db, cid);
  if (!domain) throw notFound('The sandbox is off on this server');
  const { config } = deps;
  return {
    enabled: config.sandbox,
    domain: { did: domain.id, name: domain.name },
    api_url: `${config.publicUrl}/api`,
    smtp_host: config.smtpHost === '0.0.0.0' || config.smtpHost === '::' ? 'localhost' : config.smtpHost,
    smtp_port: config.smtpPort,
  };
}

const summary = (row: repo.SandboxMessageRow) => ({
  id: Number(row.id),
  received_at: new Date(row.received_at).toISOString(),
  from: row.from_header,
  to: row.to_header,
  subject: row.subject,
  mail_from: row.mail_from,
  rcpt_to: row.rcpt_to,
  message_id: row.message_id === null ? null : Number(row.message_id),
  size: Number(row.size),
});

export async function listSandboxMessages(deps: Deps, cid: number, page: { limit: number; skip: number }) {
  const { rows, total } = await repo.listSandboxMessages(deps.db, cid, page);
  return { items: rows.map(summary), total_count: total };
}

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** One message as the catch-all received it, parsed with mailparser for the console (404 for another customer's). */
export async function getSandboxMessage(deps: Deps, cid: number, id: number) {
  const row = await repo.findSandboxMessage(deps.db, cid, id);
  if (!row) throw notFound(SANDBOX_MESSAGE_NOT_FOUND);
  const raw = toBuffer(row.raw);
  // Loaded on first use (~12 MB): processes that never parse received mail don't carry it.
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(raw);
  const { headers } = splitMessage(raw);
  const unsubscribe = listUnsubscribeUrl(headerValue(headers, 'list-unsubscribe') ?? '');
  // RFC 8058 3.1: one-click needs both the https URI and this exact List-Unsubscribe-Post value.
  const oneClick = /^List-Unsubscribe=One-Click$/i.test(headerValue(headers, 'list-unsubscribe-post') ?? '');
  return {
    ...summary(row),
    html: typeof parsed.html === 'string' ? parsed.html : null,
    text: parsed.text ?? null,
    headers: headers.map((h) => ({
      name: h.line.slice(0, h.line.indexOf(':')),
      value: h.line
        .slice(h.line.indexOf(':') + 1)
        .replace(/\r\n[ \t]/g, ' ')
        .trim(),
    })),
    auth: row.auth as SandboxAuth,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? 'attachment',
      content_type: a.contentType,
      size: a.size,
      content: a.size <= ATTACHMENT_INLINE_LIMIT ? a.content.toString('base64') : null,
    })),
    unsubscribe_url: unsubscribe,
    one_click: Boolean(unsubscribe) && oneClick,
    raw: raw.toString('base64'),
  };
}

/** The http(s) URL of a List-Unsubscribe header (RFC 2369: a list of <URI>s; mailto: ones are not followed here). */
function listUnsubscribeUrl(value: string): string | null {
  const urls = [...value.matchAll(/<([^>]+)>/g)].map((m) => (m[1] as string).trim());
  return urls.find((u) => /^https?:\/\//i.test(u)) ?? null;
}
