import { allowlistRecipient, recipientAddress, templateCreate, webhookInput } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import { checkTemplate } from '../../mail/templates/render.ts';
import { upsertAllowlistEntry } from '../allowlists/recipient-allowlist.repo.ts';
import { createRoute } from '../routes/routes.service.ts';
import { importSuppressionRows } from '../suppressions/suppression-import.ts';
import * as templates from '../templates/templates.repo.ts';
import { createWebhook } from '../webhooks/webhooks.service.ts';
import type { ImportedRoute, ImportedTemplate, ImportPage, Skipped } from './importers/importer.types.ts';

/**
 * Writes one normalised page into our features, inside the page's transaction (`tx`), through each feature's own
 * writes: suppressions and the allow-list through their repos' batch writes, webhooks and routes through their
 * services (so URLs pass the SSRF policy and are sealed, and patterns compile linear-time). Everything is keyed so a
 * page written twice adds nothing: live suppressions and allow-list entries by address, templates by name and tag,
 * webhooks by event (one per event), routes by their expression and actions.
 */

export interface Target {
  cid: number;
  did: number;
  /** Who started the migration: the author of the imported template versions. */
  author: { uid: number | null; by: string };
}

export interface PageOutcome {
  /** Items the page held (progress). */
  processed: number;
  /** Rows actually added. */
  added: number;
  warnings: string[];
  skipped: Skipped[];
}

const describe = (error: unknown) =>
  error instanceof HttpError ? error.errors?.map((e) => e.message).join('; ') || error.message : String(error);

async function writeTemplate(tx: Db, target: Target, t: ImportedTemplate, out: PageOutcome) {
  const name = templateCreate.shape.name.safeParse(t.name);
  if (!name.success) return out.skipped.push({ item: t.name, reason: 'The name cannot be used here' });
  let row = await tx.maybeOne<{ id: number }>(
    'SELECT id FROM templates WHERE customer_id = $1 AND domain_id = $2 AND name = $3',
    [target.cid, target.did, name.data],
  );
  if (!row)
    row = await templates.insertTemplate(tx, target.cid, target.did, {
      name: name.data,
      description: t.description,
      strict: false,
    });
  const tags = new Set(
    (await tx.query<{ tag: string }>('SELECT tag FROM template_versions WHERE template_id = $1', [row.id])).map(
      (r) => r.tag,
    ),
  );
  for (const version of t.versions) {
    if (tags.has(version.tag)) continue;
    const errors = checkTemplate(version);
    if (errors.length) {
      out.skipped.push({
        item: `${t.name} ${version.tag}`,
        reason: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
      });
      continue;
    }
    if (!version.html.trim() && !version.text.trim()) {
      out.skipped.push({ item: `${t.name} ${version.tag}`, reason: 'The version is empty' });
      continue;
    }
    const inserted = await templates.insertVersion(tx, row.id, { ...version, ...target.author, active: false });
    tags.add(version.tag);
    out.added++;
    if (version.active) await templates.activateVersion(tx, row.id, inserted.id);
  }
  // A template whose versions were all refused would be an empty shell: remove it.
  if (!tags.size) await tx.query('DELETE FROM templates WHERE id = $1', [row.id]);
  else if (!(await templates.findActiveVersion(tx, row.id))) {
    const last = await tx.one<{ id: number }>('SELECT max(id) AS id FROM template_versions WHERE template_id = $1', [
      row.id,
    ]);
    await templates.activateVersion(tx, row.id, last.id);
  }
}

async function writeRoute(deps: Deps, tx: Db, target: Target, route: ImportedRoute, out: PageOutcome) {
  if (!route.input) return out.skipped.push({ item: route.item, reason: route.reason });
  const same = await tx.maybeOne(
    `SELECT 1 FROM inbound_routes WHERE customer_id = $1 AND domain_id = $2 AND expression = $3::jsonb AND actions = $4::jsonb`,
    [target.cid, target.did, JSON.stringify(route.input.expression), JSON.stringify(route.input.actions)],
  );
  if (same) return;
  try {
    await createRoute({ ...deps, db: tx }, target.cid, target.did, route.input);
    out.added++;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    out.skipped.push({ item: route.item, reason: describe(error) });
  }
}

export async function writePage(deps: Deps, tx: Db, target: Target, page: ImportPage): Promise<PageOutcome> {
  const out: PageOutcome = {
    processed: 0,
    added: 0,
    warnings: [...(page.warnings ?? [])],
    skipped: [...(page.skipped ?? [])],
  };
  // The domain step reads one thing: the provider's records for the report.
  if (page.providerDns) out.processed++;
  if (page.suppressions) {
    out.processed += page.suppressions.length;
    const valid = page.suppressions.filter((s) => recipientAddress.safeParse(s.recipient).success);
    const invalid = page.suppressions.length - valid.length;
    if (invalid) out.warnings.push(`${invalid} suppressed addresses were not valid e-mail addresses and were skipped`);
    out.added += await importSuppressionRows(tx, target, valid, 'migration');
  }
  if (page.allow) {
    out.processed += page.allow.length;
    for (const entry of page.allow) {
      const recipient = allowlistRecipient.safeParse(entry.recipient);
      if (!recipient.success) out.skipped.push({ item: entry.recipient, reason: 'Not an address or a domain name' });
      else
        await upsertAllowlistEntry(tx, target.cid, target.did, {
          recipient: recipient.data,
          note: entry.note.slice(0, 500),
        });
    }
  }
  for (const t of page.templates ?? []) {
    out.processed++;
    await writeTemplate(tx, target, t, out);
  }
  for (const hook of page.webhooks ?? []) {
    out.processed++;
    const input = webhookInput.safeParse({ type: hook.event, url: hook.url });
    if (!input.success) {
      out.skipped.push({ item: `${hook.event} → ${hook.url}`, reason: input.error.issues[0]?.message ?? 'Not a URL' });
      continue;
    }
    const existing = await tx.maybeOne(
      'SELECT 1 FROM webhooks WHERE customer_id = $1 AND domain_id = $2 AND event = $3',
      [target.cid, target.did, hook.event],
    );
    if (existing) {
      out.warnings.push(`The domain already has a ${hook.event} webhook; kept it`);
      continue;
    }
    try {
      await createWebhook({ ...deps, db: tx }, target.cid, target.did, input.data);
      out.added++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      out.skipped.push({ item: `${hook.event} webhook`, reason: describe(error) });
    }
  }
  for (const route of page.routes ?? []) {
    out.processed++;
    await writeRoute(deps, tx, target, route, out);
  }
  return out;
}
