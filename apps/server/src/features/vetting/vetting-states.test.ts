import { VETTING_MSG } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadVettingState } from '../../mail/policy/vetting.ts';
import { makeCustomer, makeOperators } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { createVettingForm } from './vetting-forms.ts';

/**
 * Issue 15: vetting states as a table over every transition. The guest form (spec 4: inprogress, justsubmitted,
 * submitted, invalid) and the customer's decision (pending, approved, rejected), each row from a fresh start state.
 */
const t = useTestApp();
let master: string;
beforeAll(async () => {
  master = (await makeOperators(t)).master;
});

const complete = {
  company: 'Acme',
  website: 'acme.example',
  country: 'FRA',
  monthly_volume: 10,
  mail_kinds: ['transactional'],
  address_collection: 'sign-up',
  unsubscribe_handling: 'link',
};

type FormState = 'inprogress' | 'submitted' | 'invalid';
type FormAction = 'load' | 'save draft' | 'save finished';

async function formIn(state: FormState) {
  if (state === 'invalid') return { cid: 0, url: '/api/customers/vetting/no-such-token' };
  const cid = await makeCustomer(t.deps.db);
  const { token } = await createVettingForm(t.deps, { customerId: cid, email: `c${cid}@client.test` });
  const url = `/api/customers/vetting/${token}`;
  if (state === 'submitted') await t.request('POST', url, { body: { responses: complete, finished: true } });
  return { cid, url };
}

async function act(url: string, action: FormAction) {
  if (action === 'load') return t.request('GET', url);
  const finished = action === 'save finished';
  return t.request('POST', url, { body: { responses: finished ? complete : { company: 'Draft' }, finished } });
}

/** What a load says afterwards, in spec 4's words. */
async function statusOf(url: string): Promise<FormState> {
  const res = await t.request('GET', url);
  return res.status === 200 ? 'inprogress' : res.status === 401 ? 'submitted' : 'invalid';
}

const FORM: [FormState, FormAction, number, string | null, FormState][] = [
  ['inprogress', 'load', 200, null, 'inprogress'],
  ['inprogress', 'save draft', 200, VETTING_MSG.saved, 'inprogress'],
  // justsubmitted: the console's state right after this answer.
  ['inprogress', 'save finished', 200, VETTING_MSG.submitted, 'submitted'],
  ['submitted', 'load', 401, null, 'submitted'],
  ['submitted', 'save draft', 401, null, 'submitted'],
  ['submitted', 'save finished', 401, null, 'submitted'],
  ['invalid', 'load', 404, null, 'invalid'],
  ['invalid', 'save draft', 404, null, 'invalid'],
  ['invalid', 'save finished', 404, null, 'invalid'],
];

describe('S4-021..S4-024 S8-037 S8-038 the vetting form over every transition', () => {
  it.each(FORM)('%s --%s--> %i %s, then %s', async (from, action, status, message, to) => {
    const { url } = await formIn(from);
    const res = await act(url, action);
    expect(res.status).toBe(status);
    if (message) expect((res.body.data as { message: string }).message).toBe(message);
    expect(await statusOf(url)).toBe(to);
  });
});

type Decision = 'pending' | 'approved' | 'rejected';
const DECISIONS: [Decision, 'approve' | 'reject', Decision][] = [
  ['pending', 'approve', 'approved'],
  ['pending', 'reject', 'rejected'],
  ['approved', 'approve', 'approved'],
  ['approved', 'reject', 'rejected'],
  ['rejected', 'approve', 'approved'],
  ['rejected', 'reject', 'rejected'],
];

describe('S4-020 customer decisions over every transition, as sending sees them', () => {
  it('a customer without a form (created before vetting, or by an operator) is approved', async () => {
    const cid = await makeCustomer(t.deps.db);
    expect((await loadVettingState(t.deps.db, cid, 0)).customer).toBe('approved');
  });

  it.each(DECISIONS)('%s --%s--> %s', async (from, decision, to) => {
    const { cid } = await formIn('submitted');
    const decide = (d: 'approve' | 'reject') =>
      t.request('PUT', `/api/customers/${cid}/vetting`, { token: master, body: { decision: d, note: 'because' } });
    if (from !== 'pending') expect((await decide(from === 'approved' ? 'approve' : 'reject')).status).toBe(200);
    expect((await loadVettingState(t.deps.db, cid, 0)).customer).toBe(from);
    expect((await decide(decision)).status).toBe(200);
    expect((await loadVettingState(t.deps.db, cid, 0)).customer).toBe(to);
  });
});
