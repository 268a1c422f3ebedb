import { buildPath, type Endpoint } from '@mailwright/contract';
import { listPathParams, readKind, sampleValue } from './contract-walk.ts';
import type { World, WorldIds } from './tenant-world.ts';

/**
 * How the generated suites fill path parameters: with the real id of one of customer A's resources (tenant), of a
 * platform-wide one (global), or a plain value the contract accepts (static).
 */

/** What `:id` names, by the path it is in (the only parameter name used for many kinds of thing). */
const ID_BY_PATH: [RegExp, keyof WorldIds][] = [
  [/^\/proxy\//, 'customer'],
  [/^\/users\//, 'user'],
  [/^\/customers\/join\//, 'joinRequest'],
  [/^\/customers\//, 'customer'],
  [/^\/news\//, 'news'],
  [/^\/domains\//, 'domain'],
  [/^\/tokens\//, 'token'],
  [/^\/webhooks\//, 'deferredWebhook'],
  [/^\/system\/smtp\/patterns\//, 'smtpPattern'],
  [/^\/system\/dsn\/patterns\//, 'dsnPattern'],
  [/^\/system\/smtp\/bouncecat\//, 'bounceCategoryPattern'],
  [/^\/upload\/status\//, 'upload'],
  [/^\/migration\//, 'migration'],
  [/^\/whitelists\/uris\//, 'uriAllowlist'],
  [/^\/system\/uribl\//, 'uribl'],
  [/^\/system\/seed-mailboxes\//, 'seedMailbox'],
  [/^\/sandbox\/messages\//, 'sandboxMessage'],
  [/^\/billing\/invoice\//, 'invoice'],
  [/^\/payment\/start\//, 'invoice'],
  [/^\/ips\/pools\/domain\//, 'domain'],
  [/^\/ips\/pools\/customer\//, 'customer'],
  [/^\/ips\/pools\//, 'ipPool'],
  [/^\/ips\//, 'sendingIp'],
  [/^\/partners\/plans\//, 'partnerPlan'],
  [/^\/partners\/payouts\//, 'partnerPayout'],
];

/** Every other parameter name that names one of A's resources. */
const ID_BY_NAME: Record<string, keyof WorldIds> = {
  domain: 'domain',
  crid: 'credential',
  entry_id: 'tokenIp',
  webhook_id: 'webhook',
  message: 'message',
  pid: 'domainPattern',
  cid: 'customer',
  tmplid: 'template',
  stid: 'seedTest',
  version: 'templateVersion',
  route_id: 'route',
  inbound_id: 'inboundMessage',
  btid: 'billingTier',
  baid: 'billingAddon',
  biid: 'billingItem',
  caid: 'customerAddon',
  customerId: 'customer',
};

const GLOBAL: ReadonlySet<keyof WorldIds> = new Set([
  'news',
  'deferredWebhook',
  'smtpPattern',
  'dsnPattern',
  'bounceCategoryPattern',
  'uribl',
  'seedMailbox',
  'billingTier',
  'billingAddon',
  'sendingIp',
  'ipPool',
  'partnerPlan',
]);

export interface FilledParam {
  value: string | number;
  /** tenant: one of A's resources (another customer must get 404); global: platform-wide; static: a plain value. */
  owner: 'tenant' | 'global' | 'static';
  /** B's own id for the same parameter, when B has one. */
  bValue?: number;
}

/**
 * The value for one path parameter. Throws when the parameter has no filler, so that an endpoint with a new kind of
 * parameter fails the suites instead of being skipped: add it to ID_BY_PATH, ID_BY_NAME or the strings here.
 */
export function fillParam(world: World, endpoint: Endpoint, name: string): FilledParam {
  const key = name === 'id' ? ID_BY_PATH.find(([prefix]) => prefix.test(endpoint.path))?.[1] : ID_BY_NAME[name];
  const value = key ? world.ids[key] : undefined;
  if (key && value !== undefined) {
    const bValue = world.bIds[key];
    return { value, owner: GLOBAL.has(key) ? 'global' : 'tenant', ...(bValue ? { bValue } : {}) };
  }
  if (name === 'recipient') {
    // A value to look up, not a resource: any customer may ask about any address in its own lists.
    const value = endpoint.path.startsWith('/whitelists/') ? world.strings.allowed : world.strings.suppressed;
    return { value, owner: 'static' };
  }
  if (name === 'token') {
    const value = endpoint.path.startsWith('/invite/') ? world.strings.inviteToken : world.strings.resetToken;
    return { value, owner: 'global' };
  }
  if (name === 'destination') return { value: world.strings.destination, owner: 'global' };
  // Enumerations and free names (a suppression type, an OAuth provider) take a sample the contract accepts.
  const schema = (endpoint.params as unknown as { shape?: Record<string, Parameters<typeof readKind>[0]> }).shape?.[
    name
  ];
  if (schema && (readKind(schema) === 'enum' || name === 'provider')) {
    const value = sampleValue(schema, name);
    if (typeof value === 'string') return { value, owner: 'static' };
  }
  throw new Error(
    `No filler for :${name} in ${endpoint.method} ${endpoint.path}: add one in test/param-fillers.ts (and a seed in test/tenant-world.ts)`,
  );
}

/** All of an endpoint's path parameters, filled. */
export function fillParams(world: World, endpoint: Endpoint): Record<string, FilledParam> {
  return Object.fromEntries(listPathParams(endpoint).map((name) => [name, fillParam(world, endpoint, name)]));
}

export const buildUrl = (endpoint: Endpoint, params: Record<string, string | number>) =>
  `/api${buildPath(endpoint.path, params)}`;
