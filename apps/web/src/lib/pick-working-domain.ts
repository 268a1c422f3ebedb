/** A domain as the working-domain logic needs it: the API's id and the name people read. */
export interface DomainRef {
  did: number;
  name: string;
}

export interface WorkingDomainChoice {
  /** The domain to work on; null when the customer has none (spec 4: the no-domains state). */
  domain: DomainRef | null;
  /** The remembered domain that is gone, when another one was taken instead (for the spec's notice). */
  gone: string | null;
}

/**
 * Spec 4, working domain: the remembered one if it still exists; if it is gone, the first domain of the list (and
 * `gone` names the lost one, for 'Domain {domain} no longer available, switching to {domain}'); with no domains,
 * none. `domains` is the list as the API orders it (by name), plus the remembered one if a search found it.
 */
export function pickWorkingDomain(remembered: string | null, domains: readonly DomainRef[]): WorkingDomainChoice {
  const first = domains[0] ?? null;
  if (!remembered) return { domain: first, gone: null };
  const kept = domains.find((domain) => domain.name === remembered.toLowerCase());
  if (kept) return { domain: kept, gone: null };
  // Nothing to switch to: the no-domains state says enough, a "switching to" notice would name nothing.
  return { domain: first, gone: first ? remembered : null };
}

/** localStorage `app_config` (spec 3): `{ lastWorkingDomains: { [customer id]: domain name } }`, other keys kept. */
interface AppConfig {
  lastWorkingDomains?: Record<string, string>;
  [other: string]: unknown;
}

function parseAppConfig(stored: string | null): AppConfig {
  if (!stored) return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as AppConfig) : {};
  } catch {
    // A value another version (or a person) left there that is not JSON: start over rather than fail.
    return {};
  }
}

/** The domain remembered for a customer in the stored `app_config`, if any. */
export function rememberedDomain(stored: string | null, cid: number): string | null {
  const map = parseAppConfig(stored).lastWorkingDomains;
  const value = map && typeof map === 'object' ? map[String(cid)] : undefined;
  return typeof value === 'string' && value ? value : null;
}

/** The `app_config` to store after choosing `domain` for a customer (null forgets it); other entries stay. */
export function withRememberedDomain(stored: string | null, cid: number, domain: string | null): string {
  const config = parseAppConfig(stored);
  const map = { ...(typeof config.lastWorkingDomains === 'object' ? config.lastWorkingDomains : {}) };
  if (domain) map[String(cid)] = domain;
  else delete map[String(cid)];
  return JSON.stringify({ ...config, lastWorkingDomains: map });
}
