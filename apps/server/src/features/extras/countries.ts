import { createRequire } from 'node:module';
import type { Country } from '@mailwright/contract';

/** The slice of i18n-iso-countries used here (its own typings come with the package's full entry). */
interface CountryLibrary {
  registerLocale(locale: unknown): void;
  getNames(lang: string, options?: { select: 'official' }): Record<string, string>;
  alpha2ToAlpha3(code: string): string | undefined;
}

// The package's Node entry registers all of its ~80 languages at load; only English names are shown, so the core
// library and the English locale are loaded on their own.
const require = createRequire(import.meta.url);
const library = require('i18n-iso-countries/index') as CountryLibrary;
library.registerLocale(require('i18n-iso-countries/langs/en.json'));

let cached: Country[] | undefined;

/** Every ISO 3166-1 country from the maintained list (i18n-iso-countries), by English name. */
export function allCountries(): Country[] {
  if (!cached) {
    cached = Object.entries(library.getNames('en', { select: 'official' }))
      .map(([iso2, name]) => ({ name, iso2, iso3: library.alpha2ToAlpha3(iso2) ?? '' }))
      .filter((country) => country.iso3 !== '')
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return cached;
}

export function listCountries(query: { limit: number; skip: number }) {
  const all = allCountries();
  const items = query.limit === 0 ? all.slice(query.skip) : all.slice(query.skip, query.skip + query.limit);
  return { items, total_count: all.length };
}
