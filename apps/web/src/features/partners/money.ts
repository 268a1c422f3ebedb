import { formatMinor } from '@mailwright/contract';

/** Minor units as the currency writes them, with its code (the plan's currency; EUR before a plan exists). */
export const money = (amount: number, currency: string | null | undefined) =>
  `${formatMinor(amount, currency ?? 'EUR')} ${currency ?? 'EUR'}`;
