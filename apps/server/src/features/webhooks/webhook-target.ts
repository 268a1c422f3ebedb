import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF policy of webhooks (docs/security.md, "SSRF policy"): a customer's URL may only reach the public internet,
 * never the platform's own network. The decision is taken on the address the socket connects to, normalised with
 * ipaddr.js, so no spelling of an address slips past: IPv4-mapped IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`) is
 * judged as the IPv4 address it is, and IPv6 forms that carry an IPv4 address (6to4, NAT64) as that address.
 * WEBHOOK_ALLOW_PRIVATE=true lifts the policy (receivers on the same network, tests).
 */

const GLOBAL_UNICAST = ipaddr.parse('2000::');
const NAT64_WELL_KNOWN = ipaddr.parse('64:ff9b::');

function embeddedV4(bytes: number[]): string {
  return bytes.join('.');
}

/** Why an IP address is not on the public internet (its ipaddr.js range name), or undefined when it is. */
export function nonPublicReason(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? undefined : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  const bytes = v6.toByteArray();
  // RFC 3056 6to4 (2002:V4ADDR::/48) and RFC 6052 NAT64 (64:ff9b::/96) reach the IPv4 address they carry.
  if (range === '6to4') return carried(embeddedV4(bytes.slice(2, 6)), '6to4');
  if (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN, 96)) return carried(embeddedV4(bytes.slice(12, 16)), 'NAT64');
  if (range !== 'unicast') return range;
  // Only 2000::/3 is routed on the internet; ipaddr.js calls the rest of the unlisted space (IPv4-compatible
  // ::a.b.c.d among it, RFC 4291 2.5.5.1, deprecated) unicast too.
  if (!v6.match(GLOBAL_UNICAST, 3)) return 'not global unicast';
  return undefined;
}

function carried(v4: string, via: string): string | undefined {
  const reason = nonPublicReason(v4);
  return reason ? `${via} of ${v4}, ${reason}` : undefined;
}

export const isPublicAddress = (address: string) => nonPublicReason(address) === undefined;

/** The failure a refused target gives: code EPRIVATE, so the message can say the URL is not allowed. */
export function refusedTarget(host: string, address: string, reason: string) {
  const shown = host === address ? address : `${host} (${address})`;
  return Object.assign(new Error(`${shown} is not a public address (${reason})`), { code: 'EPRIVATE' });
}

/**
 * DNS lookup for the webhook socket: every answer must be public, else the connection is refused. It runs in the
 * connect step, on the answer the socket uses, so a name that changes its answer after the check (DNS rebinding)
 * gains nothing.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, answers) => {
      const list = (answers ?? []) as LookupAddress[];
      let failure: Error | null =
        error ?? (list[0] ? null : Object.assign(new Error('no address'), { code: 'ENOTFOUND' }));
      if (!failure && !allowPrivate) {
        for (const answer of list) {
          const reason = nonPublicReason(answer.address);
          if (reason) {
            failure = refusedTarget(hostname, answer.address, reason);
            break;
          }
        }
      }
      if (failure) return options.all ? callback(failure, []) : callback(failure, '', 0);
      if (options.all) return callback(null, list);
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

/** The host of a URL as the socket sees it: IPv6 literals without their brackets. */
export const socketHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why a webhook URL may not be saved, or undefined. IP literals (every spelling: the URL parser writes them in one
 * canonical form, and ipaddr.js undoes the IPv4 mapping) and `localhost` names (RFC 6761 6.3) are judged here; other
 * names are judged on what they resolve to each time a webhook is sent (guardedLookup), since that answer can change.
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a URL starting with https:// (or http://)';
  }
  if (allowPrivate) return undefined;
  const host = socketHost(url).toLowerCase().replace(/\.$/, '');
  const reason = isIP(host)
    ? nonPublicReason(host)
    : host === 'localhost' || host.endsWith('.localhost')
      ? 'loopback'
      : undefined;
  return reason
    ? `Webhook URLs must reach a public address: ${host} is not one (${reason}). Loopback, private, link-local and reserved networks are refused.`
    : undefined;
}
