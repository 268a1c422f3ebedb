import { createRequire } from 'node:module';
import {
  type CustomerVetting,
  VETTING_MSG,
  type VettingFormSave,
  type VettingResponses,
  vettingResponses,
} from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { hashToken } from '../../http/auth.ts';
import { fieldErrors, notFound, unauthorized } from '../../http/errors.ts';
import { type CustomerVettingRow, findFormByTokenHash, locationKnown, saveAnswers } from './vetting.repo.ts';

// Only the core of i18n-iso-countries and no locale: a code check needs no names (the package's Node entry would
// register ~80 languages at load).
const require = createRequire(import.meta.url);
const countries = require('i18n-iso-countries/index') as { alpha3ToAlpha2(code: string): string | undefined };

/** Stored answers read back through today's schema: a field added later reads as its default, never a 500. */
export function readResponses(stored: unknown): VettingResponses {
  const parsed = vettingResponses.safeParse(stored ?? {});
  return parsed.success ? parsed.data : vettingResponses.parse({});
}

/** Spec 4 and 8: an unknown token is 404 (invalid), a finished form 401 (submitted). */
async function openForm(deps: Deps, token: string): Promise<CustomerVettingRow> {
  const row = await findFormByTokenHash(deps.db, hashToken(token));
  if (!row) throw notFound(VETTING_MSG.notFound);
  if (row.finished) throw unauthorized(VETTING_MSG.alreadySent);
  return row;
}

export async function getForm(deps: Deps, token: string): Promise<CustomerVetting> {
  const row = await openForm(deps, token);
  return {
    customer: row.customer,
    responses: readResponses(row.responses),
    finished: row.finished,
    decision: row.decision,
    note: row.note,
  };
}

export async function saveForm(deps: Deps, token: string, input: VettingFormSave & { responses: VettingResponses }) {
  const row = await openForm(deps, token);
  const { responses } = input;
  const errors: { field: string; message: string }[] = [];
  if (responses.country && !countries.alpha3ToAlpha2(responses.country)) {
    errors.push({ field: 'responses.country', message: 'Choose a country' });
  }
  if (responses.location && !(await locationKnown(deps.db, responses.location))) {
    errors.push({ field: 'responses.location', message: 'Choose a data location' });
  }
  if (errors.length) throw fieldErrors(errors);
  const finished = input.finished === true;
  // A second tab may have sent the form in between: answered like a load of a sent form.
  if (!(await saveAnswers(deps.db, row.id, responses, finished))) throw unauthorized(VETTING_MSG.alreadySent);
  if (finished) deps.log.info({ customerId: row.customer_id }, 'vetting form sent');
  return { message: finished ? VETTING_MSG.submitted : VETTING_MSG.saved, finished };
}
