import { z } from 'zod';

/**
 * Money in the billing area: integer minor units (cents) with an ISO 4217 currency, never floating point. These
 * helpers turn minor units into the major-unit text people read ("9.00") and back, with string and integer
 * arithmetic only, using the currency's own number of minor digits (JPY 0, EUR 2, BHD 3).
 */

let known: ReadonlySet<string> | undefined;

/**
 * ISO 4217 codes as the JavaScript engine's ICU data knows them (Intl.supportedValuesOf, no package needed). An
 * engine without it (older browsers) accepts any three capitals and leaves the decision to the server.
 */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (!known) {
    const supported = (Intl as { supportedValuesOf?: (key: 'currency') => string[] }).supportedValuesOf;
    if (!supported) return true;
    known = new Set(supported('currency'));
  }
  return known.has(code);
}

/** How many minor digits a currency has (ICU's ISO 4217 data); 2 when the engine cannot say. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as major-unit text: 900 EUR → "9.00", 900 JPY → "900", -5 EUR → "-0.05". */
export function formatMinor(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amount)));
  if (digits === 0) return `${sign}${text}`;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * Major-unit text typed into a form as minor units: "9" → 900, "9.5" → 950, "9.00" → 900 (EUR); null for anything
 * else (a sign, more decimals than the currency has, letters). No float ever holds the amount.
 */
export function parseMajor(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,13})(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(`${match[1]}${fraction.padEnd(digits, '0')}`);
}

/** The most any price may be, in minor units (well inside 2^53 and int8). */
export const MAX_PRICE = 1_000_000_000_000;

/** A price in minor units: a whole number, not negative. */
export const priceMinor = z
  .number({ error: 'Enter a price' })
  .int('A price is a whole number of minor units (cents)')
  .min(0, 'A price cannot be negative')
  .max(MAX_PRICE, 'This price is too large');

/** An ISO 4217 currency code, upper-cased. */
export const currencyCode = z
  .string({ error: 'Enter a currency' })
  .trim()
  .toUpperCase()
  .refine(isCurrency, 'Unknown currency: use an ISO 4217 code such as EUR or USD');
