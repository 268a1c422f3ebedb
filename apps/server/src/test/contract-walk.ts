import { allEndpoints, type Endpoint } from '@mailwright/contract';
import type { z } from 'zod';

/**
 * Reads the contract's zod schemas for the generated suites (access matrix, input abuse): which fields an endpoint
 * takes and a valid sample input for it. New endpoints and fields join those suites by being in the contract.
 */

export type Where = 'params' | 'query' | 'body';
export type Kind = 'string' | 'number' | 'boolean' | 'enum' | 'object' | 'array' | 'record' | 'union' | 'other';

/** The parts of zod 4's internal definition this walker reads (`schema._zod.def`; stable across 4.x). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number } } }[];
}

const readDef = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** A field that may be left out (optional, or with a default). */
const isOptional = (schema: z.ZodType) => schema.safeParse(undefined).success;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under optional/default/nullable wrappers and the input side of pipes (transforms). */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = readDef(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
  return current;
}

export function readKind(schema: z.ZodType): Kind {
  const def = readDef(unwrap(schema));
  if (def.type === 'enum' || def.type === 'literal') return 'enum';
  if (['string', 'number', 'boolean', 'object', 'array', 'record', 'union'].includes(def.type)) return def.type as Kind;
  return 'other';
}

export interface Field {
  where: Where;
  /** Path inside params, query or body (nested objects give several segments). */
  path: string[];
  schema: z.ZodType;
  kind: Kind;
  /** The field's own name (the last path segment). */
  name: string;
}

const readShape = (schema: z.ZodType) => readDef(unwrap(schema)).shape;

/** Every field of an endpoint's params, query and body, nested objects included (two levels deep). */
export function listFields(endpoint: Endpoint): Field[] {
  const fields: Field[] = [];
  const visit = (where: Where, schema: z.ZodType, path: string[]) => {
    for (const [name, field] of Object.entries(readShape(schema) ?? {})) {
      const at = [...path, name];
      const kind = readKind(field);
      fields.push({ where, path: at, schema: field, kind, name });
      if (kind === 'object' && at.length < 2) visit(where, field, at);
    }
  };
  for (const where of ['params', 'query', 'body'] as const) visit(where, endpoint[where], []);
  return fields;
}

/** `:name` segments of an endpoint's path, in order. */
export const listPathParams = (endpoint: Endpoint) =>
  [...endpoint.path.matchAll(/:([a-zA-Z_]+)/g)].map((m) => m[1] as string);

export const endpointKey = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** Every contract endpoint (what /api/docs lists). */
export const contractEndpoints = (): Endpoint[] => allEndpoints();

/**
 * Valid values for fields that a type alone cannot satisfy (formats, patterns, cross-field rules), by field name.
 * The first candidate that the field's schema accepts is used.
 */
const NAMED: Record<string, unknown[]> = {
  email: ['sample@example.com'],
  recipient: ['sample@rcpt.test'],
  from: ['shop@acme.test'],
  to: [['sample@dest.test'], 'sample@dest.test'],
  subject: ['Sample'],
  text: ['Sample text'],
  url: ['https://hooks.example.com/sample'],
  uri: ['https://uri.example.com/sample'],
  website: ['https://example.com'],
  name: ['sample-domain.test', 'Sample'],
  customer: ['Sample customer'],
  username: ['sample-user'],
  login: ['sample-login'],
  pattern: ['sample-pattern', '*sample-pattern*', 'sample pattern'],
  password: ['not-the-password-1'],
  new_password: ['new-password-1'],
  new_password2: ['new-password-1'],
  code: ['123456', 550],
  status: ['5.1.1'],
  secret: ['JBSWY3DPEHPK3PXPJBSWY3DP'],
  ipv4: ['192.0.2.1'],
  // Issue 16: a sending IP and its PTR name.
  ip: ['192.0.2.10'],
  ptr_host: ['mail10.example.net'],
  // Issue 16: a seed mailbox's address and IMAP host.
  address: ['seed@seedmail.test'],
  imap_host: ['imap.seedmail.test'],
  content: ['Sample news'],
  type: ['bounces', 'delivered'],
  action: ['bounce', 'delivered'],
  category: ['bad-mailbox'],
  token: ['0123456789abcdef'],
  // Billing (issue 14): an ISO 4217 code and calendar dates.
  currency: ['EUR'],
  start: ['2026-01-01'],
  end: ['2026-01-31'],
  payout_date: ['2026-01-31'],
  // Issue 18: the provider's domain and ours.
  from_domain: ['sample-domain.test'],
  target_domain: ['sample-domain.test'],
};

const numberMinimum = (def: Def) => {
  let min = 1;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'greater_than' && typeof c.value === 'number') min = Math.max(min, c.value + 1);
  }
  return min;
};

/** A value the schema accepts, or undefined when it found none (the caller says which field). */
export function sampleValue(schema: z.ZodType, name = ''): unknown {
  for (const candidate of NAMED[name] ?? []) if (schema.safeParse(candidate).success) return candidate;
  const core = unwrap(schema);
  const def = readDef(core);
  let value: unknown;
  switch (def.type) {
    case 'string': {
      const min = (def.checks ?? []).map((c) => c._zod.def.minimum ?? 0).reduce((a, b) => Math.max(a, b), 1);
      value =
        def.format === 'email' ? 'sample@example.com' : def.format === 'url' ? 'https://example.com/' : 's'.repeat(min);
      break;
    }
    case 'number':
      value = numberMinimum(def);
      break;
    case 'boolean':
      value = true;
      break;
    case 'enum':
      value = Object.values(def.entries ?? {})[0];
      break;
    case 'literal':
      value = def.values?.[0];
      break;
    case 'array':
      value = def.element ? [sampleValue(def.element, name)] : [];
      if (!schema.safeParse(value).success) value = [];
      break;
    case 'record':
      value = {};
      break;
    case 'object':
      value = sampleObject(core);
      break;
    case 'union':
      for (const option of def.options ?? []) {
        const candidate = sampleValue(option, name);
        if (schema.safeParse(candidate).success) return candidate;
      }
      break;
  }
  return schema.safeParse(value).success ? value : undefined;
}

/** The object's required fields with sample values; optional ones join only if the object needs them to be valid. */
export function sampleObject(schema: z.ZodType, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const shape = readShape(schema) ?? {};
  const value: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (name in overrides) value[name] = overrides[name];
    else if (!isOptional(field)) value[name] = sampleValue(field, name);
  }
  if (schema.safeParse(value).success) return value;
  for (const [name, field] of Object.entries(shape)) {
    if (name in value) continue;
    const candidate = sampleValue(field, name);
    if (candidate !== undefined && schema.safeParse({ ...value, [name]: candidate }).success) {
      return { ...value, [name]: candidate };
    }
  }
  return value;
}
