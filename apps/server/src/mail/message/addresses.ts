import addressparser from 'nodemailer/lib/addressparser';

/**
 * A practical addr-spec check (RFC 5321 4.1.2 Mailbox): a local part of printable ASCII or UTF-8 (RFC 6531) without
 * spaces, and a domain of dot-separated labels. Quoted local parts are refused: no client of ours needs them and they
 * are a favourite of injection attempts.
 */
const MAILBOX =
  /^[^\s@"<>()[\]\\,;:]{1,64}@(?=.{1,253}$)(?:[a-z0-9\u0080-\uffff](?:[a-z0-9\u0080-\uffff-]{0,61}[a-z0-9\u0080-\uffff])?\.)+[a-z\u0080-\uffff][a-z0-9\u0080-\uffff-]{0,62}$/i;

export function isValidMailbox(address: string): boolean {
  return address.length <= 254 && MAILBOX.test(address);
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

/** The mailboxes of an address header value ("A <a@x>, b@y"), groups flattened. */
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
