import { formatMinor } from '@mailwright/contract';

/** Minor units as the currency writes them, with its code: 308000 EUR → "3080.00 EUR". */
export const money = (amount: number, currency: string) => `${formatMinor(amount, currency)} ${currency}`;

/** A period [start, end) as the days it covers: "2026-06-01 – 2026-06-30". */
export function periodText(start: string, end: string): string {
  const last = new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return `${start} – ${last}`;
}
