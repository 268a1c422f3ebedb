import type { Db } from '../../db/client.ts';
import { IntakeError, temporaryFailure } from '../intake/intake-error.ts';

/**
 * Vetting decides sending (issue 15, ARCHITECTURE §8): an intake policy, checked once per message before it is
 * stored, on every door (SMTP, native API, Mailgun, SendGrid, routes). A customer with a vetting form that no operator
 * has approved may send only through its sandbox domain or to its own users' addresses; a domain an operator
 * rejected sends nothing. Customers without a form (created before vetting, the first superadmin's, created by an
 * operator) are approved. The state is read through a short per-process cache; a decision made through this process
 * applies at once (the vetting feature calls forgetVettingState), one made by another process within CACHE_MS.
 */
const CACHE_MS = 5_000;

export type CustomerVetting = 'approved' | 'pending' | 'rejected';

export interface VettingState {
  customer: CustomerVetting;
  domainRejected: boolean;
  /** Lower-cased addresses of the customer's users; read only while the customer is not approved. */
  ownAddresses: ReadonlySet<string>;
}

export const domainRejected = (domain: string) =>
  new IntakeError(`Domain ${domain} was rejected in vetting and cannot send`, {
    smtpCode: 550,
    enhanced: '5.7.1',
    httpStatus: 403,
  });

export const customerNotVetted = (address: string) =>
  new IntakeError(
    `Your account is awaiting vetting: until it is approved you may send only through your sandbox domain or to your own users' addresses (${address} is neither)`,
    { smtpCode: 550, enhanced: '5.7.1', httpStatus: 403 },
  );

export const customerRejected = (address: string) =>
  new IntakeError(
    `Your account was rejected in vetting: you may send only through your sandbox domain or to your own users' addresses (${address} is neither)`,
    { smtpCode: 550, enhanced: '5.7.1', httpStatus: 403 },
  );

/** The rule itself, without the database: the refusal for this message, or null when it may go. */
export function vettingRefusal(
  state: VettingState,
  message: { domain: { name: string; sandbox: boolean }; recipients: readonly string[] },
): IntakeError | null {
  if (state.domainRejected) return domainRejected(message.domain.name);
  if (state.customer === 'approved' || message.domain.sandbox) return null;
  const outside = message.recipients.find((r) => !state.ownAddresses.has(r.toLowerCase()));
  if (outside === undefined) return null;
  return state.customer === 'rejected' ? customerRejected(outside) : customerNotVetted(outside);
}

let generation = 0;
const cache = new Map<string, { db: Db; at: number; generation: number; state: Promise<VettingState> }>();

/** Drops cached states, so a decision or a new form applies to this process's next message. */
export function forgetVettingState(_customerId?: number): void {
  generation += 1;
  cache.clear();
}

export async function loadVettingState(db: Db, customerId: number, domainId: number): Promise<VettingState> {
  const row = await db.one<{ vetted: boolean; decision: string | null; domain_status: string | null }>(
    `SELECT EXISTS (SELECT 1 FROM customer_vetting WHERE customer_id = $1) AS vetted,
            (SELECT decision FROM customer_vetting WHERE customer_id = $1) AS decision,
            (SELECT status FROM domain_vetting WHERE domain_id = $2) AS domain_status`,
    [customerId, domainId],
  );
  const customer: CustomerVetting =
    !row.vetted || row.decision === 'approve' ? 'approved' : row.decision === 'reject' ? 'rejected' : 'pending';
  const ownAddresses = new Set<string>();
  if (customer !== 'approved') {
    const users = await db.query<{ email: string }>(
      'SELECT lower(email) AS email FROM users WHERE customer_id = $1 AND email IS NOT NULL',
      [customerId],
    );
    for (const u of users) ownAddresses.add(u.email);
  }
  return { customer, domainRejected: row.domain_status === 'reject', ownAddresses };
}

function cachedState(db: Db, customerId: number, domainId: number): Promise<VettingState> {
  const key = `${customerId}#${domainId}`;
  const hit = cache.get(key);
  if (hit && hit.db === db && hit.generation === generation && Date.now() - hit.at < CACHE_MS) return hit.state;
  const state = loadVettingState(db, customerId, domainId);
  const entry = { db, at: Date.now(), generation, state };
  cache.set(key, entry);
  state.catch(() => {
    if (cache.get(key) === entry) cache.delete(key); // a failed read is not cached
  });
  return state;
}

/** Intake's hook: throws the refusal, or a temporary failure when the state cannot be read (fail closed). */
export async function refuseUnvetted(
  db: Db,
  message: {
    customerId: number;
    domain: { id: number; name: string; sandbox: boolean };
    recipients: readonly string[];
  },
): Promise<void> {
  let state: VettingState;
  try {
    state = await cachedState(db, message.customerId, message.domain.id);
  } catch {
    throw temporaryFailure('The account vetting state could not be read');
  }
  const refusal = vettingRefusal(state, message);
  if (refusal) throw refusal;
}
