import { isMailboxAddress } from '@mailwright/contract/mail-address';

export {
  hasControlCharacter,
  type ParsedMailbox,
  parseMailbox,
  parseMailboxList,
} from '@mailwright/contract/mail-address';

import addressparser from 'nodemailer/lib/addressparser';

/** An RFC 5321 Mailbox by the one address grammar of every way in (packages/contract/src/mail-address.ts). */
export function isValidMailbox(address: string): boolean {
  return isMailboxAddress(address);
}

/** Lowercases the domain part only: local parts are case-sensitive by the RFC, domains are not. */
export function normalizeMailbox(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0
    ? address.trim()
    : `${address.slice(0, at).trim()}@${address
        .slice(at + 1)
        .trim()
        .toLowerCase()}`;
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * The mailboxes of an address header value ("A <a@x>, b@y"), groups flattened, read leniently: for finding the
 * sending domain and for operator settings. What a client sends is checked with the strict grammar instead.
 */
export function parseAddressList(value: string | undefined): { name: string; address: string }[] {
  if (!value) return [];
  return addressparser(value, { flatten: true })
    .filter((entry) => entry.address)
    .map((entry) => ({ name: entry.name ?? '', address: entry.address ?? '' }));
}

/** True when the address's domain is the sending domain or one of its subdomains. */
export function belongsToDomain(address: string, domain: string): boolean {
  const own = domainOf(address);
  return own === domain || own.endsWith(`.${domain}`);
}
