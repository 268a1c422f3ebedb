import { z } from 'zod';
import { listOf } from './common.ts';
import { PAGE_SIZES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';

/** Spec 3: a country carries name and iso3 (ISO 3166-1); alpha-2 beside it for forms that store the short code. */
export const countrySchema = z.object({ name: z.string(), iso3: z.string(), iso2: z.string() });
export type Country = z.infer<typeof countrySchema>;

/** Spec 3: a data location carries name, code and usage (how many domains keep their data there). */
export const locationSchema = z.object({ code: z.string(), name: z.string(), usage: z.number().int() });
export type DataLocation = z.infer<typeof locationSchema>;

/** A location code as a domain stores it (0024_subaccounts.sql: lower-case letters, digits and '-'). */
export const locationCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'Choose a data location');

export const domainLocationSchema = z.object({
  did: z.number().int(),
  name: z.string(),
  location: z.string().nullable(),
});
export type DomainLocation = z.infer<typeof domainLocationSchema>;

export const extrasEndpoints = {
  countries: defineEndpoint({
    method: 'GET',
    path: '/extras/countries',
    // Public: the guest vetting form asks for the company's country.
    access: 'public',
    tag: 'Extras',
    summary: 'Every ISO 3166-1 country with its English name and alpha-3 code, by name (spec 9: 1000 a page).',
    query: z.object({
      limit: z.coerce.number().int().min(0).max(PAGE_SIZES.countries).default(PAGE_SIZES.countries),
      skip: z.coerce.number().int().min(0).max(10_000).default(0),
    }),
    response: listOf(countrySchema),
  }),
  locations: defineEndpoint({
    method: 'GET',
    path: '/extras/locations',
    // Public: the guest vetting form asks where the data should be kept. Usage is counted only for a session.
    access: 'public',
    tag: 'Extras',
    summary:
      "The operator's data locations. usage: how many of the caller's domains use each (an operator at home: all domains; without a session: 0).",
    response: z.object({ items: z.array(locationSchema) }),
  }),
  domainLocations: defineEndpoint({
    method: 'GET',
    path: '/extras/locations/domain',
    access: 'session',
    tag: 'Extras',
    summary: "The acting customer's domains with the data location each records (null until vetting sets one).",
    response: z.object({ items: z.array(domainLocationSchema) }),
  }),
} as const;
