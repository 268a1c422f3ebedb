import { readFileSync } from 'node:fs';

/** One planned refusal: the reply the sink gives, and at which stage (see README.md). */
export type PlanEntry = { id: number; stage: 'rcpt' | 'data' | 'mail'; reply: string };
/** One recipient handed to the MTA, as inject.ts writes it to sent.json. */
export type Sent = { id: number; stage: PlanEntry['stage']; recipient: string };

export function readPlan(): PlanEntry[] {
  return JSON.parse(readFileSync(new URL('./plan.json', import.meta.url), 'utf8'));
}

/** One failure of the MTA's own (own-reasons.json): the DNS it needs, and the categories its bounce may get. */
export type OwnReason = {
  id: string;
  recipient: string;
  dns?: { name: string; type: 'A' | 'MX'; values: string[] | { exchange: string; priority: number }[] }[];
  received?: number;
  categories: string[];
  hard: boolean;
  why: string;
  /** Where an MTA's bounce says something else than the failure itself (Exim: only that it stopped retrying). */
  by?: Record<string, { categories: string[]; hard: boolean; why: string }>;
};

export function readOwnReasons(): OwnReason[] {
  return JSON.parse(readFileSync(new URL('./own-reasons.json', import.meta.url), 'utf8'));
}
