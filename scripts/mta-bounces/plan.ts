import { readFileSync } from 'node:fs';

/** One planned refusal: the reply the sink gives, and at which stage (see README.md). */
export type PlanEntry = { id: number; stage: 'rcpt' | 'data' | 'mail'; reply: string };
/** One recipient handed to the MTA, as inject.ts writes it to sent.json. */
export type Sent = { id: number; stage: PlanEntry['stage']; recipient: string };

export function readPlan(): PlanEntry[] {
  return JSON.parse(readFileSync(new URL('./plan.json', import.meta.url), 'utf8'));
}
