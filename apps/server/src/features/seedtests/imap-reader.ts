import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ImapFlow, ListResponse } from 'imapflow';
import { nonPublicReason } from '../webhooks/webhook-target.ts';

/** How to reach and log in to one seed mailbox. */
export interface ImapAccount {
  host: string;
  port: number;
  tls: 'tls' | 'starttls' | 'none';
  username: string;
  password: string;
}

/** Why a mailbox cannot be used, with the field the operator should fix. */
export class ImapProblem extends Error {
  readonly field: 'imap_host' | 'password';
  constructor(field: 'imap_host' | 'password', message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * The address the connection goes to. A seed mailbox's host is chosen by an operator, but it still must not reach the
 * platform's own network (SSRF, the webhooks' policy, reused): the name is resolved here and the socket connects to
 * the checked address, so the answer cannot change between check and connect. SEED_ALLOW_PRIVATE lifts it (tests).
 */
async function resolveHost(host: string, allowPrivate: boolean): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  let address = bare;
  if (!isIP(bare)) {
    try {
      address = (await lookup(bare)).address;
    } catch {
      throw new ImapProblem('imap_host', `${host} does not resolve`);
    }
  }
  const reason = allowPrivate ? undefined : nonPublicReason(address);
  if (reason) throw new ImapProblem('imap_host', `${host} is not a public address (${reason})`);
  return address;
}

/** Logs in; the caller must `logout()` the client. Failures are ImapProblems an operator can act on. */
export async function openMailbox(account: ImapAccount, allowPrivate: boolean, timeoutMs = 15_000): Promise<ImapFlow> {
  const address = await resolveHost(account.host, allowPrivate);
  // imapflow (with its MIME and proxy libraries, ~2 MB) loads when a seed mailbox is first read.
  const { ImapFlow: Imap } = await import('imapflow');
  const client = new Imap({
    host: address,
    port: account.port,
    secure: account.tls === 'tls',
    doSTARTTLS: account.tls === 'starttls' ? true : account.tls === 'none' ? false : undefined,
    // The certificate is checked against the name the operator gave, not the address connected to.
    servername: isIP(account.host) ? undefined : account.host,
    auth: { user: account.username, pass: account.password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 4,
  });
  // A socket error after connect would otherwise be an unhandled 'error' event.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.close();
    const e = error as { authenticationFailed?: boolean; responseText?: string; code?: string; message?: string };
    if (e.authenticationFailed) {
      throw new ImapProblem('password', `The IMAP login failed: ${e.responseText || 'authentication failed'}`);
    }
    throw new ImapProblem('imap_host', `No IMAP connection to ${account.host}:${account.port}: ${e.code || e.message}`);
  }
}

/** Checks that the details log in (the seed list refuses a mailbox that does not, at save). */
export async function checkLogin(account: ImapAccount, allowPrivate: boolean): Promise<void> {
  const client = await openMailbox(account, allowPrivate);
  await client.logout().catch(() => client.close());
}

export interface FoundMessage {
  placement: 'inbox' | 'spam';
  folder: string;
  headers: string;
  authenticationResults: string | null;
}

const JUNK_NAMES = /^(junk|spam|junk e-?mail|bulk mail|\[gmail\]\/spam)$/i;

/** The spam folder: RFC 6154 \Junk first, else the usual names (Junk, Spam, [Gmail]/Spam). */
export function junkFolder(boxes: ListResponse[]): string | null {
  const special = boxes.find((b) => b.specialUse === '\\Junk' || b.flags?.has('\\Junk'));
  if (special) return special.path;
  return boxes.find((b) => JUNK_NAMES.test(b.path) || JUNK_NAMES.test(b.name))?.path ?? null;
}

/** Authentication-Results header fields of a header block, unfolded, one per line. */
export function authenticationResults(headers: string): string | null {
  const fields = headers
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .filter((line) => /^authentication-results:/i.test(line))
    .map((line) => line.slice(line.indexOf(':') + 1).trim());
  return fields.length ? fields.join('\n') : null;
}

/** Looks for the message carrying `token` in `header`: INBOX first, then the spam folder. */
export async function findSeedMessage(client: ImapFlow, header: string, token: string): Promise<FoundMessage | null> {
  const junk = junkFolder(await client.list());
  const folders: [string, 'inbox' | 'spam'][] = [['INBOX', 'inbox']];
  if (junk) folders.push([junk, 'spam']);
  for (const [folder, placement] of folders) {
    const lock = await client.getMailboxLock(folder);
    try {
      const uids = await client.search({ header: { [header]: token } }, { uid: true });
      const uid = Array.isArray(uids) ? uids[0] : undefined;
      if (uid === undefined) continue;
      const message = await client.fetchOne(String(uid), { headers: true }, { uid: true });
      const headers = message ? (message.headers?.toString('utf8') ?? '') : '';
      return { placement, folder, headers, authenticationResults: authenticationResults(headers) };
    } finally {
      lock.release();
    }
  }
  return null;
}
