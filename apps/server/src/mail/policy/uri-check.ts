import { uriHost } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { readMessage } from '../classify/dsn.ts';
import { leafParts } from '../classify/mime.ts';
import { IntakeError, temporaryFailure } from '../intake/intake-error.ts';
import { insertRows } from '../sql-batch.ts';

/**
 * The intake URI check: a message whose links point at a host on the operators' URI blocklist (the host or a parent
 * domain) is refused, unless the customer's URI allow-list covers that host. Both lists are read through a short
 * per-process cache (intake runs this for every message); an edit made through this process applies at once, one
 * made elsewhere within CACHE_MS.
 */
const CACHE_MS = 5_000;

let blocklist: { db: Db; at: number; hosts: Promise<Set<string>> } | undefined;
const allowlists = new Map<number, { db: Db; at: number; hosts: Promise<Set<string>> }>();

export function forgetCachedUriLists(): void {
  blocklist = undefined;
  allowlists.clear();
}

function cachedSet(load: () => Promise<string[]>, entry: { at: number; hosts: Promise<Set<string>> } | undefined) {
  if (entry && Date.now() - entry.at < CACHE_MS) return entry;
  const hosts = load().then((list) => new Set(list));
  return { at: Date.now(), hosts };
}

function blockedHosts(db: Db): Promise<Set<string>> {
  if (blocklist?.db !== db) blocklist = undefined;
  const next = cachedSet(
    async () => (await db.query<{ uri: string }>('SELECT uri FROM uri_blocklist WHERE enabled')).map((r) => r.uri),
    blocklist,
  );
  blocklist = { db, ...next };
  next.hosts.catch(() => {
    if (blocklist?.hosts === next.hosts) blocklist = undefined; // a failed read is not cached
  });
  return next.hosts;
}

function allowedHosts(db: Db, customerId: number): Promise<Set<string>> {
  const current = allowlists.get(customerId);
  const next = cachedSet(
    async () =>
      (await db.query<{ uri: string }>('SELECT uri FROM uri_allowlist WHERE customer_id = $1', [customerId])).map(
        (r) => r.uri,
      ),
    current?.db === db ? current : undefined,
  );
  if (allowlists.size > 10_000) allowlists.clear();
  allowlists.set(customerId, { db, ...next });
  next.hosts.catch(() => {
    if (allowlists.get(customerId)?.hosts === next.hosts) allowlists.delete(customerId);
  });
  return next.hosts;
}

/** The host and each parent domain: a.b.example.com, b.example.com, example.com, com. */
function hostAndParents(host: string): string[] {
  const labels = host.split('.');
  if (/^\d+(\.\d+){3}$/.test(host)) return [host];
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** The first link whose host is blocklisted and not allowed for this customer: the link and the blocklist entry. */
export async function findBlockedUri(
  db: Db,
  customerId: number,
  links: readonly string[],
): Promise<{ link: string; uri: string } | null> {
  if (!links.length) return null;
  const blocked = await blockedHosts(db);
  if (!blocked.size) return null;
  let allowed: Set<string> | undefined;
  for (const link of links) {
    const host = uriHost(link);
    if (!host) continue;
    const candidates = hostAndParents(host);
    const entry = candidates.find((name) => blocked.has(name));
    if (!entry) continue;
    allowed ??= await allowedHosts(db, customerId);
    if (candidates.some((name) => allowed?.has(name))) continue;
    return { link, uri: entry };
  }
  return null;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>()[\]{}]+/gi;
const HREF = /\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** The http(s) links of a message's text and HTML parts (transfer encodings undone), each once. */
export function extractLinks(raw: Uint8Array | string): string[] {
  const links = new Set<string>();
  for (const part of leafParts(readMessage(raw))) {
    if (part.type !== 'text/plain' && part.type !== 'text/html') continue;
    const html = part.type === 'text/html';
    const text = html ? part.text.replace(/&amp;/gi, '&') : part.text;
    for (const match of text.matchAll(URL_IN_TEXT)) links.add(match[0]);
    if (!html) continue;
    for (const match of text.matchAll(HREF)) {
      const value = (match[1] ?? match[2] ?? match[3] ?? '').trim();
      if (/^(https?:)?\/\//i.test(value)) links.add(value);
    }
  }
  return [...links];
}

export interface UriCheckInput {
  customerId: number;
  domainId: number;
  raw: Buffer;
  recipients: readonly string[];
  tags: readonly string[];
}

/**
 * Intake's hook: refuses a message that links to a blocked host, recording a `rejected` event for each recipient
 * (no message is stored, so the events name none). A check that cannot run refuses too (fail closed), temporarily.
 */
export async function refuseBlockedLinks(db: Db, input: UriCheckInput): Promise<void> {
  let hit: { link: string; uri: string } | null;
  try {
    // Most installations block nothing: then the message is not even parsed.
    if (!(await blockedHosts(db)).size) return;
    hit = await findBlockedUri(db, input.customerId, extractLinks(input.raw));
  } catch {
    throw temporaryFailure('The URI blocklist could not be checked');
  }
  if (!hit) return;
  const reply = `Message links to ${hit.uri}, which is on the URI blocklist`;
  await insertRows(
    db,
    'events',
    ['customer_id', 'domain_id', 'recipient', 'event', 'reply', 'tags'],
    input.recipients.map((recipient) => [input.customerId, input.domainId, recipient, 'rejected', reply, input.tags]),
    { tags: 'text[]' },
  );
  throw new IntakeError(reply, { smtpCode: 550, enhanced: '5.7.1', httpStatus: 400 });
}
