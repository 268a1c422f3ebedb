import { beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, TEST_PASSWORD, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { linkToken, mailsTo } from './mail-links.testing.ts';

const t = useTestApp();

type Review = { id: number; approver: string; requester: { cid: number; customer: string; username: string | null } };
type Status = { request: { approver: string } | null; received: Review[] };

let parent: Tenant;
let requester: Tenant;
let outsider: Tenant;
let approver: { uid: number; username: string; token: string; email: string };
beforeAll(async () => {
  parent = await makeTenant(t);
  requester = await makeTenant(t);
  outsider = await makeTenant(t);
  const made = await makeUser(t.deps.db, parent.cid, 'admin', { email: 'boss@parent-co.test' });
  approver = { ...made, email: 'boss@parent-co.test', token: await t.login(made.username, TEST_PASSWORD) };
});

const ask = (token: string, body: unknown) =>
  t.request<{ message: string }>('POST', '/api/customers/join', { token, body });
const parentOf = async (cid: number) =>
  (await t.deps.db.one<{ parent_id: number | null }>('SELECT parent_id FROM customers WHERE id = $1', [cid])).parent_id;

describe('join requests (S7-021, S7-022, S4-033, S4-034)', () => {
  it('S6-024 the approver is required: a field error, nothing recorded', async () => {
    const res = await ask(requester.admin.token, {});
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('approver');
    const blank = await ask(requester.admin.token, { approver: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.[0]?.field).toBe('approver');
    const status = await t.request<Status>('GET', '/api/customers/join', { token: requester.admin.token });
    expect(status.body.data?.request).toBeNull();
  });

  it('S8-059 sends the request: the exact text, a mail to the approver with /join/{token}, the requester sees it', async () => {
    const res = await ask(requester.admin.token, { approver: approver.email });
    expect(res.status).toBe(200);
    expect(res.body.data?.message).toBe(`Your request to ${approver.email} was succesfully sent!`);
    const mails = await mailsTo(t.deps.db, approver.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/http:\/\/console\.test\/join\/[A-Za-z0-9_-]{20,}/);
    const status = await t.request<Status>('GET', '/api/customers/join', { token: requester.admin.token });
    expect(status.body.data?.request?.approver).toBe(approver.email);
    // Any admin of the approver's customer sees it among the received requests (S2-112).
    const received = await t.request<Status>('GET', '/api/customers/join', { token: parent.admin.token });
    expect(received.body.data?.received.map((r) => r.requester.cid)).toEqual([requester.cid]);
    const none = await t.request<Status>('GET', '/api/customers/join', { token: outsider.admin.token });
    expect(none.body.data?.received).toEqual([]);
  });

  it("S3-045 review by the link's token shows the requester; another customer's admin gets 404; 401 without session", async () => {
    const token = await linkToken(t.deps.db, approver.email, '/join/');
    const review = await t.request<Review>('GET', `/api/customers/join/${token}`, { token: approver.token });
    expect(review.status).toBe(200);
    expect(review.body.data?.requester).toMatchObject({ cid: requester.cid, username: requester.admin.username });
    expect(review.body.data?.approver).toBe(approver.email);
    const foreign = await t.request('GET', `/api/customers/join/${token}`, { token: outsider.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('This join request is invalid or has expired.');
    // The requester itself cannot approve its own request.
    expect(
      (await t.request('POST', `/api/customers/join/${token}`, { token: requester.admin.token, body: {} })).status,
    ).toBe(404);
    expect((await t.request('GET', `/api/customers/join/${token}`)).status).toBe(401);
    expect((await t.request('GET', `/api/customers/join/${token}`, { token: parent.user.token })).status).toBe(403);
    expect((await t.request('GET', '/api/customers/join/not-a-token', { token: approver.token })).status).toBe(404);
    expect((await t.request('GET', '/api/customers/join/bad%20token!', { token: approver.token })).status).toBe(400);
    expect(await parentOf(requester.cid)).toBeNull();
  });

  it('approving attaches the requester as a client and clears the request (and its requester data)', async () => {
    const token = await linkToken(t.deps.db, approver.email, '/join/');
    const bad = await t.request('POST', `/api/customers/join/${token}`, {
      token: approver.token,
      body: { decision: 'maybe' },
    });
    expect(bad.status).toBe(400);
    const res = await t.request<{ message: string }>('POST', `/api/customers/join/${token}`, {
      token: approver.token,
      body: { decision: 'approve' },
    });
    expect(res.status).toBe(200);
    expect(await parentOf(requester.cid)).toBe(parent.cid);
    const rows = await t.deps.db.query('SELECT * FROM join_requests WHERE customer_id = $1', [requester.cid]);
    expect(rows).toEqual([]);
    expect((await t.request('GET', `/api/customers/join/${token}`, { token: approver.token })).status).toBe(404);
    const clients = await t.request<{ items: { cid: number }[] }>('GET', '/api/customers/subaccounts', {
      token: parent.admin.token,
    });
    expect(clients.body.data?.items.map((c) => c.cid)).toContain(requester.cid);
  });

  it('"confirm" by the request number works like approve; decline drops it without attaching', async () => {
    const second = await makeTenant(t);
    await ask(second.admin.token, { approver: approver.username });
    const [pending] =
      (await t.request<Status>('GET', '/api/customers/join', { token: approver.token })).body.data?.received ?? [];
    if (!pending) throw new Error('a received request expected');
    const confirmed = await t.request('POST', `/api/customers/join/${pending.id}`, {
      token: approver.token,
      body: { decision: 'confirm' },
    });
    expect(confirmed.status).toBe(200);
    expect(await parentOf(second.cid)).toBe(parent.cid);

    const third = await makeTenant(t);
    await ask(third.admin.token, { approver: approver.username });
    const token = await linkToken(t.deps.db, approver.email, '/join/');
    const declined = await t.request('POST', `/api/customers/join/${token}`, {
      token: approver.token,
      body: { decision: 'decline' },
    });
    expect(declined.status).toBe(200);
    expect(await parentOf(third.cid)).toBeNull();
    expect(await t.deps.db.query('SELECT 1 FROM join_requests WHERE customer_id = $1', [third.cid])).toEqual([]);
  });

  it('an approver who is not an admin of the parent cannot approve (demoted approver, plain user)', async () => {
    const fourth = await makeTenant(t);
    const plain = await makeUser(t.deps.db, parent.cid, 'admin', { email: 'soon-plain@parent-co.test' });
    await ask(fourth.admin.token, { approver: 'soon-plain@parent-co.test' });
    const token = await linkToken(t.deps.db, 'soon-plain@parent-co.test', '/join/');
    await t.deps.db.query("UPDATE users SET role = 'user' WHERE id = $1", [plain.uid]);
    const plainToken = await t.login(plain.username, TEST_PASSWORD);
    expect((await t.request('POST', `/api/customers/join/${token}`, { token: plainToken, body: {} })).status).toBe(403);
    // Nor can the parent's other admins: the request named someone who no longer is an admin there.
    expect((await t.request('POST', `/api/customers/join/${token}`, { token: approver.token, body: {} })).status).toBe(
      404,
    );
    expect(await parentOf(fourth.cid)).toBeNull();
  });

  it('an unknown approver gets the same answer but no mail; naming an own user, or a client below, is refused', async () => {
    const fifth = await makeTenant(t);
    const unknown = await ask(fifth.admin.token, { approver: 'nobody@nowhere.test' });
    expect(unknown.body.data?.message).toBe('Your request to nobody@nowhere.test was succesfully sent!');
    expect(await mailsTo(t.deps.db, 'nobody@nowhere.test')).toEqual([]);
    const own = await ask(fifth.admin.token, { approver: fifth.user.username });
    expect(own.status).toBe(400);
    expect(own.body.errors?.[0]?.field).toBe('approver');
    // The parent asks to join under its own client's admin: no mail, so no cycle can be approved.
    const clientAdmin = await makeUser(t.deps.db, requester.cid, 'admin', { email: 'client-admin@req.test' });
    await ask(parent.admin.token, { approver: clientAdmin.username });
    expect(await mailsTo(t.deps.db, 'client-admin@req.test')).toEqual([]);
  });
});
