import type { z } from 'zod';
import { fieldError, fromZodError } from './errors.ts';

/**
 * Where the first NUL byte sits in a request value (a string, or an object key or string inside it), as a field path;
 * null when there is none. PostgreSQL cannot store U+0000 in text or jsonb, and no field of ours has a use for it, so
 * it is refused at the door instead of failing deep inside a query.
 */
export function findNulByte(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\0')];
    const found = findNulByte(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Validates one part of a request (params, query or body) with its contract schema: 400 with field errors for
 * anything the schema refuses, and for a NUL byte anywhere in it.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const nul = findNulByte(value);
  if (nul) {
    const field = [prefix, ...nul].filter(Boolean).join('.') || (prefix ?? 'body');
    throw fieldError(field, 'Must not contain a NUL character');
  }
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error, prefix);
  return result.data;
}
