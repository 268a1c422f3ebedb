import { z } from 'zod';

export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id });
export const isoDate = z.string();

/**
 * The years a date given to the API may fall in. PostgreSQL has no year 0 and a JS Date ends at +275760, so dates
 * outside a sane range are refused at validation (400) instead of failing in a query. 9999 is left out: a range is
 * widened by up to a month for its buckets, and year 10000 has no four-digit ISO 8601 form.
 */
export const DATE_YEARS = { min: 1970, max: 9998 } as const;

/** An ISO 8601 date or date-time (2026-01-31, 2026-01-31T12:00:00Z) in DATE_YEARS. */
export function isSaneIsoDate(value: string): boolean {
  if (!/^\d{4}-\d\d-\d\d/.test(value)) return false;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
}

/** An ISO 8601 date-time with a zone (2026-01-31T12:00:00Z) in DATE_YEARS, e.g. a scheduled sending time. */
export const isoDateTime = z.iso
  .datetime({ offset: true })
  .refine(isSaneIsoDate, `Enter a date-time from ${DATE_YEARS.min} to ${DATE_YEARS.max}`);

export const sortOrder = z.enum(['asc', 'desc']);

/** limit 0 means "all" (spec 9: tiers and the all-customers fetch use it). */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(0).max(1000).default(20),
  skip: z.coerce.number().int().min(0).default(0),
  sort: z.string().max(64).optional(),
  order: sortOrder.default('asc'),
  search: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total_count: z.number().int() });
}

export const okResponse = z.object({ message: z.string() });

export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;
export const errorBody = z.object({ message: z.string(), errors: z.array(fieldError).optional() });
export type ErrorBody = z.infer<typeof errorBody>;

export const password = z.string().min(8, 'Password must be at least 8 characters').max(200);
export const username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(100)
  .regex(/^[A-Za-z0-9._@+-]+$/, 'Username may contain letters, digits and . _ @ + -');
export const email = z.email('Enter a valid email address').max(254);
