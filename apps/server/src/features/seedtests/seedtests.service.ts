import { randomBytes } from 'node:crypto';
import { SEED_TOKEN_HEADER, SEEDTEST_MSG, type seedTestCreate } from '@mailwright/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { badRequest, fieldError, notFound } from '../../http/errors.ts';
import { requireDomain } from '../domains/domains.service.ts';
import { renderTemplateParts } from '../sending/send-template.ts';
import { sendComposed } from '../sending/sending.service.ts';
import { findTemplate } from '../templates/templates.repo.ts';
import { listSeedMailboxes } from './seed-mailboxes.repo.ts';
import * as repo from './seedtests.repo.ts';

type Create = z.output<typeof seedTestCreate>;

interface Content {
  from: string;
  subject: string;
  html: string;
  text: string;
  templateId: number | null;
}

async function author(deps: Deps, auth: AuthContext) {
  const user = await deps.db.maybeOne<{ username: string }>('SELECT username FROM users WHERE id = $1', [auth.uid]);
  return user?.username ?? `user ${auth.uid}`;
}

async function detail(deps: Deps, auth: AuthContext, did: number, id: number) {
  const row = await repo.findSeedTest(deps.db, auth.cid, did, id);
  if (!row) throw notFound(SEEDTEST_MSG.notFound);
  return repo.toDetail(row, await repo.listPlacements(deps.db, id));
}

/** Pasted content as given; a template's active version rendered as sending would (no variables). */
async function contentOf(
  deps: Deps,
  auth: AuthContext,
  domain: { id: number; name: string },
  body: Create,
): Promise<Content> {
  const domainName = domain.name;
  const from = (body.from || `postmaster@${domainName}`).toLowerCase();
  if (from.slice(from.lastIndexOf('@') + 1) !== domainName.toLowerCase()) {
    throw fieldError('from', `The From address must be at ${domainName}`);
  }
  if (body.template_id === undefined) {
    return { from, subject: body.subject, html: body.html, text: body.text, templateId: null };
  }
  const template = await findTemplate(deps.db, auth.cid, domain.id, body.template_id);
  if (!template) throw fieldError('template_id', 'No such template on this domain');
  const parts = await renderTemplateParts(deps, {
    customerId: auth.cid,
    domainName,
    name: template.name,
    variables: {},
    fields: { name: 'template_id', version: 'template_id' },
  });
  return {
    from,
    subject: body.subject.trim() || parts.subject,
    html: parts.html ?? '',
    text: parts.text ?? '',
    templateId: body.template_id,
  };
}

/**
 * Sends one message per active seed mailbox through the normal pipeline (intake → DKIM → queue → delivery, as the
 * HTTP API sends), each carrying the test's token header; the runner job then reads the mailboxes. When intake
 * refuses the first message (an unverified domain, a quota) nothing was sent: the test is removed and the 4xx answered.
 */
async function start(deps: Deps, auth: AuthContext, did: number, content: Content, rerunOf: number | null) {
  const seeds = await listSeedMailboxes(deps.db, true);
  if (!seeds.length) throw badRequest(SEEDTEST_MSG.noSeeds);
  const token = randomBytes(12).toString('hex');
  const id = await repo.insertSeedTest(deps.db, {
    customerId: auth.cid,
    domainId: did,
    rerunOf,
    token,
    ...content,
    createdBy: await author(deps, auth),
    timeoutSeconds: deps.config.seedTestTimeoutSeconds,
  });
  let sent = 0;
  for (const seed of seeds) {
    const placement = await repo.insertPlacement(deps.db, id, seed);
    try {
      const accepted = await sendComposed(
        deps,
        { source: 'api', user: { customerId: auth.cid, domainId: did, tokenId: 0 }, domainName: null },
        {
          from: { address: content.from },
          to: [{ address: seed.address }],
          cc: [],
          bcc: [],
          subject: content.subject,
          ...(content.html ? { html: content.html } : {}),
          ...(content.text ? { text: content.text } : {}),
          headers: { [SEED_TOKEN_HEADER]: token },
          attachments: [],
        },
        { tags: [], variables: null, testmode: false, deliverAt: null, seedTest: true },
      );
      await repo.setPlacementMessage(deps.db, placement, accepted.messageId);
      sent++;
    } catch (error) {
      if (sent === 0) {
        await repo.deleteSeedTest(deps.db, id);
        throw error;
      }
      deps.log.warn({ err: error, seedTest: id, seed: seed.id }, 'seed message refused');
      await deps.db.query(
        "UPDATE seed_placements SET placement = 'error', error = $2, checked_at = now() WHERE id = $1",
        [placement, (error as Error).message.slice(0, 500)],
      );
    }
  }
  return { ...(await detail(deps, auth, did, id)), message: SEEDTEST_MSG.started };
}

export async function listSeedTests(deps: Deps, auth: AuthContext, did: number, page: { limit: number; skip: number }) {
  await requireDomain(deps, auth.cid, did);
  const { rows, total } = await repo.listSeedTests(deps.db, auth.cid, did, page);
  return { items: rows.map(repo.toSeedTest), total_count: total };
}

export async function getSeedTest(deps: Deps, auth: AuthContext, did: number, id: number) {
  await requireDomain(deps, auth.cid, did);
  return detail(deps, auth, did, id);
}

export async function createSeedTest(deps: Deps, auth: AuthContext, did: number, body: Create) {
  const domain = await requireDomain(deps, auth.cid, did);
  return start(deps, auth, did, await contentOf(deps, auth, { id: did, name: domain.name }, body), null);
}

/** The same content again, as a new test that names the one it repeats. */
export async function rerunSeedTest(deps: Deps, auth: AuthContext, did: number, id: number) {
  await requireDomain(deps, auth.cid, did);
  const row = await repo.findSeedTest(deps.db, auth.cid, did, id);
  if (!row) throw notFound(SEEDTEST_MSG.notFound);
  const content = {
    from: row.from_address,
    subject: row.subject,
    html: row.html,
    text: row.text_body,
    templateId: row.template_id,
  };
  return start(deps, auth, did, content, row.id);
}
