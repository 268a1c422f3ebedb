import type {
  CustomerDecisionRequest,
  DomainVettingRequest,
  VettingDecision,
  VettingListQuery,
} from '@mailwright/contract';
import { VETTING_MSG } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { forgetVettingState } from '../../mail/policy/vetting.ts';
import { queueSystemMail } from '../../mail/system-mail.ts';
import { notify } from '../notifications/notifications.repo.ts';
import * as repo from './vetting.repo.ts';
import { readResponses } from './vetting-form.service.ts';

type ListQuery = Required<Pick<VettingListQuery, 'state'>> & repo.PageLike;

export async function listCustomerVetting(deps: Deps, query: ListQuery) {
  const { rows, total } = await repo.listCustomerForms(deps.db, query);
  return { items: rows.map((r) => repo.toCustomerItem(r, readResponses)), total_count: total };
}

export async function listDomainVetting(deps: Deps, query: ListQuery) {
  const { items, total } = await repo.listDomains(deps.db, query);
  return { items, total_count: total };
}

async function operatorName(db: Db, uid: number): Promise<string> {
  const row = await db.maybeOne<{ username: string }>('SELECT username FROM users WHERE id = $1', [uid]);
  return row?.username ?? `user ${uid}`;
}

/** The customer is told twice: a notification in the console and a mail to its admins and the form's address. */
async function tellCustomer(deps: Deps, db: Db, cid: number, subject: string, message: string) {
  await notify(db, cid, 'vetting', message);
  for (const to of await repo.customerRecipients(db, cid)) {
    await queueSystemMail(db, deps.log, { to, kind: 'notice', subject, text: `Hello,\n\n${message}\n` });
  }
}

const verdict = (d: VettingDecision) => (d === 'approve' ? 'approved' : 'rejected');

export async function decideCustomer(
  deps: Deps,
  auth: AuthContext,
  cid: number,
  input: CustomerDecisionRequest & { note: string },
) {
  const username = await operatorName(deps.db, auth.uid);
  const item = await deps.db.transaction(async (tx) => {
    const done = await repo.decideCustomer(tx, cid, {
      decision: input.decision,
      note: input.note,
      uid: auth.uid,
      username,
    });
    if (!done) throw notFound(VETTING_MSG.notFound);
    const limits =
      input.decision === 'approve'
        ? 'It can now send to any address from its verified domains.'
        : 'It can still send through its sandbox domain and to its own users, but to no other address.';
    const why = input.note ? ` Note from our team: ${input.note}` : '';
    await tellCustomer(
      deps,
      tx,
      cid,
      `Your Mailwright account was ${verdict(input.decision)}`,
      `Your account was ${verdict(input.decision)} in vetting. ${limits}${why}`,
    );
    const row = await repo.findFormByCustomer(tx, cid);
    if (!row) throw notFound(VETTING_MSG.notFound);
    return repo.toCustomerItem(row, readResponses);
  });
  forgetVettingState(cid);
  deps.log.info({ customerId: cid, decision: input.decision, by: username }, 'customer vetting decided');
  return { ...item, message: VETTING_MSG.decided };
}

export async function decideDomain(
  deps: Deps,
  auth: AuthContext,
  did: number,
  input: DomainVettingRequest & { note: string; location: string },
) {
  const current = await repo.findDomainVetting(deps.db, did);
  if (!current) throw notFound('Domain not found!');
  const location = input.status === 'approve' ? input.location : null;
  if (location && !(await repo.locationKnown(deps.db, location)))
    throw fieldError('location', 'Choose a data location');
  const username = await operatorName(deps.db, auth.uid);
  await deps.db.transaction(async (tx) => {
    await repo.upsertDomainVetting(tx, did, {
      status: input.status,
      note: input.note,
      location,
      uid: auth.uid,
      username,
    });
    const why = input.note ? ` Note from our team: ${input.note}` : '';
    const effect = input.status === 'approve' ? '' : ' It cannot send any more mail.';
    await tellCustomer(
      deps,
      tx,
      current.cid,
      `Your domain ${current.name} was ${verdict(input.status)}`,
      `Your domain ${current.name} was ${verdict(input.status)} in vetting.${effect}${why}`,
    );
  });
  forgetVettingState(current.cid);
  deps.log.info({ domainId: did, status: input.status, by: username }, 'domain vetting decided');
  const item = await repo.findDomainVetting(deps.db, did);
  if (!item) throw notFound('Domain not found!');
  return { ...item, message: VETTING_MSG.decided };
}
