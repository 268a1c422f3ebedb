import type { SeedPlacement, SeedTest, SeedTestDetail } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface SeedTestRow {
  id: number;
  customer_id: number;
  domain_id: number;
  rerun_of: number | null;
  token: string;
  from_address: string;
  subject: string;
  html: string;
  text_body: string;
  template_id: number | null;
  created_by: string;
  created_at: Date | string;
  deadline_at: Date | string;
  finished_at: Date | string | null;
  inbox: number;
  spam: number;
  missing: number;
  pending: number;
  error: number;
}

export interface PlacementRow {
  id: number;
  seed_test_id: number;
  mailbox_id: number | null;
  provider: string;
  address: string;
  message_id: string | number | null;
  placement: SeedPlacement['placement'];
  folder: string | null;
  found_after_seconds: number | null;
  authentication_results: string | null;
  headers: string | null;
  error: string | null;
  checked_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const TEST_COLUMNS = `t.id, t.customer_id, t.domain_id, t.rerun_of, t.token, t.from_address, t.subject, t.html, t.text_body,
  t.template_id, t.created_by, t.created_at, t.deadline_at, t.finished_at,
  (SELECT count(*) FILTER (WHERE p.placement = 'inbox') FROM seed_placements p WHERE p.seed_test_id = t.id)::int AS inbox,
  (SELECT count(*) FILTER (WHERE p.placement = 'spam') FROM seed_placements p WHERE p.seed_test_id = t.id)::int AS spam,
  (SELECT count(*) FILTER (WHERE p.placement = 'missing') FROM seed_placements p WHERE p.seed_test_id = t.id)::int AS missing,
  (SELECT count(*) FILTER (WHERE p.placement = 'pending') FROM seed_placements p WHERE p.seed_test_id = t.id)::int AS pending,
  (SELECT count(*) FILTER (WHERE p.placement = 'error') FROM seed_placements p WHERE p.seed_test_id = t.id)::int AS error`;

export function toSeedTest(row: SeedTestRow): SeedTest {
  return {
    id: row.id,
    did: row.domain_id,
    rerun_of: row.rerun_of,
    from: row.from_address,
    subject: row.subject,
    template_id: row.template_id,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    deadline_at: iso(row.deadline_at),
    finished_at: row.finished_at ? iso(row.finished_at) : null,
    status: row.finished_at ? 'finished' : 'running',
    counts: { inbox: row.inbox, spam: row.spam, missing: row.missing, pending: row.pending, error: row.error },
  };
}

export const toPlacement = (row: PlacementRow): SeedPlacement => ({
  id: row.id,
  provider: row.provider,
  address: row.address,
  placement: row.placement,
  folder: row.folder,
  found_after_seconds: row.found_after_seconds,
  authentication_results: row.authentication_results,
  headers: row.headers,
  error: row.error,
  checked_at: row.checked_at ? iso(row.checked_at) : null,
});

export const toDetail = (row: SeedTestRow, placements: PlacementRow[]): SeedTestDetail => ({
  ...toSeedTest(row),
  html: row.html,
  text: row.text_body,
  placements: placements.map(toPlacement),
});

export async function listSeedTests(db: Db, cid: number, did: number, page: { limit: number; skip: number }) {
  const rows = await db.query<SeedTestRow>(
    `SELECT ${TEST_COLUMNS} FROM seed_tests t WHERE t.customer_id = $1 AND t.domain_id = $2
      ORDER BY t.id DESC LIMIT $3 OFFSET $4`,
    [cid, did, page.limit || null, page.skip],
  );
  const { n } = await db.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM seed_tests WHERE customer_id = $1 AND domain_id = $2',
    [cid, did],
  );
  return { rows, total: n };
}

export function findSeedTest(db: Db, cid: number, did: number, id: number): Promise<SeedTestRow | undefined> {
  return db.maybeOne<SeedTestRow>(
    `SELECT ${TEST_COLUMNS} FROM seed_tests t WHERE t.customer_id = $1 AND t.domain_id = $2 AND t.id = $3`,
    [cid, did, id],
  );
}

export function listPlacements(db: Db, testId: number): Promise<PlacementRow[]> {
  return db.query<PlacementRow>(
    'SELECT * FROM seed_placements WHERE seed_test_id = $1 ORDER BY provider, address, id',
    [testId],
  );
}

export interface NewSeedTest {
  customerId: number;
  domainId: number;
  rerunOf: number | null;
  token: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  templateId: number | null;
  createdBy: string;
  timeoutSeconds: number;
}

export async function insertSeedTest(db: Db, t: NewSeedTest): Promise<number> {
  const { id } = await db.one<{ id: number }>(
    `INSERT INTO seed_tests (customer_id, domain_id, rerun_of, token, from_address, subject, html, text_body, template_id,
                             created_by, deadline_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(secs => $11)) RETURNING id`,
    [
      t.customerId,
      t.domainId,
      t.rerunOf,
      t.token,
      t.from,
      t.subject,
      t.html,
      t.text,
      t.templateId,
      t.createdBy,
      t.timeoutSeconds,
    ],
  );
  return id;
}

export async function insertPlacement(
  db: Db,
  testId: number,
  seed: { id: number; provider: string; address: string },
): Promise<number> {
  const { id } = await db.one<{ id: number }>(
    `INSERT INTO seed_placements (seed_test_id, mailbox_id, provider, address) VALUES ($1, $2, $3, $4) RETURNING id`,
    [testId, seed.id, seed.provider, seed.address],
  );
  return id;
}

export async function setPlacementMessage(db: Db, placementId: number, messageId: number) {
  await db.query('UPDATE seed_placements SET message_id = $2 WHERE id = $1', [placementId, messageId]);
}

export async function deleteSeedTest(db: Db, id: number) {
  await db.query('DELETE FROM seed_tests WHERE id = $1', [id]);
}
