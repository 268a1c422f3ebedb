import type { UploadStatus } from '@mailwright/contract';
import FormData from 'form-data';
import { describe, expect, it } from 'vitest';
import { useTenants, useTestApp } from '../../test/setup.ts';

const t = useTestApp();
const { tenant, domain } = useTenants(t, { domains: 'rows' });

/** Uploads a CSV as the console does and follows it to the end (upload/status/{id}). */
async function importCsv(csv: string, type: string): Promise<UploadStatus> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', Buffer.from(csv), { filename: 'export.csv', contentType: 'text/csv' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/upload/suppressions/${domain.did}`,
    headers: { ...form.getHeaders(), authorization: `Bearer ${tenant.admin.token}` },
    payload: form.getBuffer(),
  });
  expect(res.statusCode).toBe(200);
  const id = (JSON.parse(res.body) as { data: UploadStatus }).data.id;
  for (;;) {
    const status = (await t.request<UploadStatus>('GET', `/api/upload/status/${id}`, { token: tenant.admin.token }))
      .body.data as UploadStatus;
    if (status.state === 'done' || status.state === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const reasonOf = (recipient: string) =>
  t.deps.db.one<{ reason: string }>('SELECT reason FROM suppressions WHERE domain_id = $1 AND recipient = $2', [
    domain.did,
    recipient,
  ]);

describe("issue 18: the CSV path takes the providers' suppression exports (S3-058, S7-072)", () => {
  it('reads Mailgun (address, code, error, created_at), SendGrid (email, reason) and Postmark (EmailAddress, SuppressionReason) exports', async () => {
    const mailgun = await importCsv(
      'address,code,error,created_at\nmg@rcpt.test,550,No such mailbox,"Thu, 13 Oct 2011 18:02:00 UTC"\n',
      'bounce',
    );
    expect(mailgun).toMatchObject({ state: 'done', imported: 1 });
    expect((await reasonOf('mg@rcpt.test')).reason).toBe('No such mailbox');
    const sendgrid = await importCsv(
      'created,email,reason,status\n1443651154,sg@rcpt.test,550 5.1.1 unknown,5.1.1\n',
      'block',
    );
    expect(sendgrid).toMatchObject({ state: 'done', imported: 1 });
    expect((await reasonOf('sg@rcpt.test')).reason).toBe('550 5.1.1 unknown');
    const postmark = await importCsv(
      'EmailAddress,SuppressionReason,Origin,CreatedAt\npm@rcpt.test,SpamComplaint,Recipient,2019-12-17T08:58:33-05:00\n',
      'complaint',
    );
    expect(postmark).toMatchObject({ state: 'done', imported: 1 });
    expect((await reasonOf('pm@rcpt.test')).reason).toBe('SpamComplaint');
  });
});
