import {
  recipientAddress,
  SUPPRESSION_UPLOAD_MAX_BYTES,
  SUPPRESSION_UPLOAD_MAX_LINES,
  type SuppressionType,
  suppressionUploadFields,
} from '@mailwright/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError, fromZodError, notFound } from '../../http/errors.ts';
import { insertRows } from '../../mail/sql-batch.ts';
import { requireDomain } from '../domains/domains.service.ts';
import { type CsvRecord, parseCsv } from './csv.ts';
import * as uploads from './uploads.repo.ts';

// Also the columns of the providers' CSV exports (issue 18): Mailgun address/error, SendGrid email/reason, Postmark
// EmailAddress/SuppressionReason.
const RECIPIENT_HEADERS = ['recipient', 'email', 'address', 'email address', 'e-mail', 'mail', 'emailaddress'];
const REASON_HEADERS = ['reason', 'error', 'note', 'description', 'comment', 'suppressionreason', 'suppression reason'];
const MAX_REPORTED_ERRORS = 100;
const PROGRESS_EVERY = 5000;
const STALE_MINUTES = 15;

interface UploadedFile {
  filename: string;
  content: Buffer;
}

/** Reads the multipart form: the `file` part and the `type` field (spec 7: {file, type}). */
async function readUploadForm(req: FastifyRequest): Promise<{ file: UploadedFile; type: SuppressionType }> {
  if (!req.isMultipart()) throw fieldError('file', 'Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.file.truncated) {
        throw fieldError('file', `The file is larger than ${SUPPRESSION_UPLOAD_MAX_BYTES / 1024 / 1024} MB`, 413);
      }
      if (part.fieldname === 'file') file = { filename: part.filename, content };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  const parsed = suppressionUploadFields.safeParse(fields);
  if (!parsed.success) throw fromZodError(parsed.error);
  if (!file) throw fieldError('file', 'This field is required');
  return { file, type: parsed.data.type };
}

/** Starts an import and answers its status at once; the console follows it at GET /upload/status/:id. */
export async function startSuppressionUpload(deps: Deps, auth: AuthContext, did: number, req: FastifyRequest) {
  await requireDomain(deps, auth.cid, did);
  const { file, type } = await readUploadForm(req);
  const row = await uploads.insertUpload(deps.db, auth.cid, {
    domainId: did,
    kind: 'suppressions',
    type,
    filename: file.filename.slice(0, 255),
    createdBy: auth.uid,
  });
  const job = { db: deps.db, id: row.id, cid: auth.cid, did, type };
  // The request has its answer; the work goes on. A failure is recorded on the upload, never half imported.
  void importSuppressions(job, file.content).catch(async (error: unknown) => {
    deps.log.error({ err: error, upload: row.id }, 'suppression upload failed');
    await uploads
      .updateUpload(deps.db, row.id, { state: 'failed', message: 'The import failed; nothing was imported' })
      .catch(() => undefined);
  });
  return uploads.toUploadStatus(row);
}

export async function getUploadStatus(deps: Deps, auth: AuthContext, id: number) {
  await uploads.failStaleUploads(deps.db, auth.cid, STALE_MINUTES);
  const row = await uploads.findUpload(deps.db, auth.cid, id);
  if (!row) throw notFound('Upload not found!');
  return uploads.toUploadStatus(row);
}

interface Job {
  db: Db;
  id: number;
  cid: number;
  did: number;
  type: SuppressionType;
}

interface Line {
  line: number;
  recipient: string;
  reason: string;
}

function columnsOf(records: CsvRecord[]): { header: boolean; recipient: number; reason: number } {
  const first = (records[0]?.fields ?? []).map((f) => f.trim().toLowerCase());
  const recipient = first.findIndex((f) => RECIPIENT_HEADERS.includes(f));
  if (recipient < 0) return { header: false, recipient: 0, reason: 1 };
  return { header: true, recipient, reason: first.findIndex((f) => REASON_HEADERS.includes(f)) };
}

/** Checks every line before anything is written; answers the good lines, or the errors with their line numbers. */
async function validate(job: Job, records: CsvRecord[]) {
  const columns = columnsOf(records);
  const data = columns.header ? records.slice(1) : records;
  await uploads.updateUpload(job.db, job.id, { total: data.length });
  const lines: Line[] = [];
  const errors: { line: number; message: string }[] = [];
  let errorCount = 0;
  for (const [index, record] of data.entries()) {
    const parsed = recipientAddress.safeParse(record.fields[columns.recipient] ?? '');
    const reason = columns.reason >= 0 ? (record.fields[columns.reason] ?? '').trim() : '';
    const message = !parsed.success
      ? `${parsed.error.issues[0]?.message ?? 'Invalid address'}: "${(record.fields[columns.recipient] ?? '').slice(0, 100)}"`
      : reason.length > 1000
        ? 'The reason is longer than 1000 characters'
        : null;
    if (message) {
      errorCount++;
      if (errors.length < MAX_REPORTED_ERRORS) errors.push({ line: record.line, message });
    } else if (parsed.success) {
      lines.push({ line: record.line, recipient: parsed.data, reason });
    }
    if ((index + 1) % PROGRESS_EVERY === 0) await uploads.updateUpload(job.db, job.id, { processed: index + 1 });
  }
  return { lines, errors, errorCount, total: data.length };
}

async function importSuppressions(job: Job, content: Buffer): Promise<void> {
  const csv = parseCsv(content.toString('utf8'));
  if (!csv.ok) {
    await uploads.updateUpload(job.db, job.id, {
      state: 'failed',
      errors: [{ line: csv.line, message: csv.message }],
      message: 'The file is not valid CSV; nothing was imported',
    });
    return;
  }
  if (csv.records.length > SUPPRESSION_UPLOAD_MAX_LINES + 1) {
    const message = `The file has more than ${SUPPRESSION_UPLOAD_MAX_LINES} lines; nothing was imported`;
    await uploads.updateUpload(job.db, job.id, { state: 'failed', message });
    return;
  }
  const checked = await validate(job, csv.records);
  if (checked.total === 0) {
    await uploads.updateUpload(job.db, job.id, { state: 'failed', message: 'The file holds no recipients' });
    return;
  }
  if (checked.errorCount > 0) {
    await uploads.updateUpload(job.db, job.id, {
      state: 'failed',
      processed: checked.total,
      errors: checked.errors,
      message: `${checked.errorCount} of ${checked.total} lines have errors; nothing was imported`,
    });
    return;
  }
  await uploads.updateUpload(job.db, job.id, { state: 'importing', processed: checked.total });
  // All or nothing: the rows and the final status commit together.
  await job.db.transaction(async (tx) => {
    const unique = new Map<string, Line>();
    for (const line of checked.lines) if (!unique.has(line.recipient)) unique.set(line.recipient, line);
    const recipients = [...unique.keys()];
    const live = await tx.query<{ recipient: string }>(
      `SELECT recipient FROM suppressions WHERE customer_id = $1 AND domain_id = $2 AND type = $3
          AND recipient = ANY($4::text[]) AND (expires_at IS NULL OR expires_at > now())`,
      [job.cid, job.did, job.type, recipients],
    );
    const present = new Set(live.map((r) => r.recipient));
    await tx.query(
      `DELETE FROM suppressions WHERE customer_id = $1 AND domain_id = $2 AND type = $3
          AND recipient = ANY($4::text[]) AND expires_at <= now()`,
      [job.cid, job.did, job.type, recipients],
    );
    const rows = [...unique.values()]
      .filter((l) => !present.has(l.recipient))
      .map((l) => [job.cid, job.did, l.recipient, job.type, l.reason, 'upload']);
    await insertRows(tx, 'suppressions', ['customer_id', 'domain_id', 'recipient', 'type', 'reason', 'source'], rows);
    await uploads.updateUpload(tx, job.id, {
      state: 'done',
      imported: rows.length,
      skipped: checked.lines.length - rows.length,
      message: `${rows.length} recipients imported`,
    });
  });
}
