// `node bench/list-hygiene.ts [--dsns 2000] [--lines 100000] [--messages 20000] [--db pglite|postgres]`
//
// Issue 5's hot spots, measured in one process on loopback:
// - the inbound MX: DSNs mailed (nodemailer pool, 10 connections) to VERP addresses until every recipient is bounced;
// - the suppression CSV upload: POST a file of N lines, follow upload/status until it is done (all-or-nothing import);
// - the intake URI check: link extraction + blocklist lookup per ~2 KB HTML message, against 1,000 blocked hosts.
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import FormData from 'form-data';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { registerAppRoutes } from '../apps/server/src/app-routes.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { makeTestDomain } from '../apps/server/src/events/testing.ts';
import { ensureFirstSuperadmin } from '../apps/server/src/features/users/bootstrap.ts';
import { buildApp } from '../apps/server/src/http/app.ts';
import { createLogger } from '../apps/server/src/log.ts';
import { startInboundMx } from '../apps/server/src/mail/inbound/inbound-server.ts';
import { loadMailSecret, verpAddress } from '../apps/server/src/mail/mail-tokens.ts';
import { composeMessage } from '../apps/server/src/mail/message/compose.ts';
import { extractLinks, findBlockedUri } from '../apps/server/src/mail/policy/uri-check.ts';
import { insertRows } from '../apps/server/src/mail/sql-batch.ts';
import { installSecretKeys, newSecretKeyEntry, parseSecretKeys } from '../apps/server/src/secrets/secret-keys.ts';
import { openBenchDb } from './bench-db.ts';

const { values } = parseArgs({
  options: {
    dsns: { type: 'string', default: '2000' },
    lines: { type: 'string', default: '100000' },
    messages: { type: 'string', default: '20000' },
    db: { type: 'string', default: 'pglite' },
  },
});
const PASSWORD = 'bench-password-1';

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);

async function benchInbound(db: Db, config: ReturnType<typeof loadConfig>, log: ReturnType<typeof createLogger>) {
  const count = Number(values.dsns);
  const admin = await db.one<{ customer_id: number }>("SELECT customer_id FROM users WHERE username = 'admin'");
  const domain = await makeTestDomain(db, admin.customer_id, 'bench-inbound.example.com');
  const bounceHost = `mwb.${domain.name}`;
  const message = await db.one<{ id: number }>(
    `INSERT INTO messages (customer_id, domain_id, message_id_header, from_address, size_bytes, source)
     VALUES ($1, $2, 'bench@x', 'app@bench-inbound.example.com', 100, 'api') RETURNING id`,
    [admin.customer_id, domain.did],
  );
  const ids = (
    await db.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('message_recipients', 'id')) AS id FROM generate_series(1, $1)`,
      [count],
    )
  ).map((r) => Number(r.id));
  await insertRows(
    db,
    'message_recipients',
    ['id', 'message_id', 'customer_id', 'domain_id', 'recipient', 'recipient_domain', 'state'],
    ids.map((id, i) => [
      id,
      message.id,
      admin.customer_id,
      domain.did,
      `r${i}@dest.example`,
      'dest.example',
      'delivered',
    ]),
  );
  const secret = await loadMailSecret(db);
  const dsn = (verp: string, recipient: string) =>
    [
      'From: MAILER-DAEMON@dest.example',
      `To: ${verp}`,
      'Subject: Undelivered Mail Returned to Sender',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
      '',
      '--B',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--B',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.dest.example',
      '',
      `Final-Recipient: rfc822; ${recipient}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      '--B--',
      '',
    ].join('\r\n');
  /** Mails every DSN over a pool of 10 connections; answers the milliseconds it took. */
  const mailAll = async (port: number) => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      pool: true,
      maxConnections: 10,
      maxMessages: Number.POSITIVE_INFINITY,
      ignoreTLS: true,
    });
    const started = performance.now();
    await Promise.all(
      ids.map((id, i) => {
        const verp = verpAddress(secret, id, bounceHost);
        return transport.sendMail({ envelope: { from: '', to: [verp] }, raw: dsn(verp, `r${i}@dest.example`) });
      }),
    );
    const ms = performance.now() - started;
    transport.close();
    return ms;
  };
  // Baseline on this machine now: an smtp-server that only reads the messages, same client.
  const nullServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => nullServer.listen(0, '127.0.0.1', resolve));
  const baselineMs = await mailAll((nullServer.server.address() as AddressInfo).port);
  await new Promise<void>((resolve) => nullServer.close(() => resolve()));

  const inbound = await startInboundMx({ config: { ...config, inboundSmtpPort: 0 }, log, db, secret });
  const ms = await mailAll(inbound.port);
  await inbound.close();
  const bounced = await db.one<{ n: number }>(
    "SELECT count(*)::int AS n FROM events WHERE message_id = $1 AND event = 'hardbounce'",
    [message.id],
  );
  console.log(
    `inbound MX: ${count} DSNs in ${Math.round(ms)} ms = ${rate(count, ms)} DSN/s (an smtp-server that only reads: ` +
      `${rate(count, baselineMs)}/s); hardbounce events ${bounced.n}`,
  );
}

async function benchUpload(db: Db, config: ReturnType<typeof loadConfig>, log: ReturnType<typeof createLogger>) {
  const lines = Number(values.lines);
  const app = await buildApp({ config, db, log }, registerAppRoutes);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: PASSWORD },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const admin = await db.one<{ customer_id: number }>("SELECT customer_id FROM users WHERE username = 'admin'");
  const domain = await makeTestDomain(db, admin.customer_id, 'bench-upload.example.com');
  const csv = [
    'email,reason',
    ...Array.from({ length: lines }, (_, i) => `user${i}@list.example,"imported, ${i}"`),
  ].join('\n');
  const form = new FormData();
  form.append('type', 'unsubscribe');
  form.append('file', Buffer.from(csv), { filename: 'bench.csv', contentType: 'text/csv' });
  const started = performance.now();
  const posted = await app.inject({
    method: 'POST',
    url: `/api/upload/suppressions/${domain.did}`,
    headers: { ...form.getHeaders(), authorization: `Bearer ${token}` },
    payload: form.getBuffer(),
  });
  const id = (posted.json() as { data: { id: number } }).data.id;
  let state = '';
  let polls = 0;
  while (state !== 'done' && state !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const status = await app.inject({
      method: 'GET',
      url: `/api/upload/status/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    state = (status.json() as { data: { state: string } }).data.state;
    polls++;
  }
  const ms = performance.now() - started;
  const stored = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM suppressions WHERE domain_id = $1', [
    domain.did,
  ]);
  console.log(
    `CSV upload: ${lines} lines (${(csv.length / 1024 / 1024).toFixed(1)} MB) ${state} in ${Math.round(ms)} ms = ` +
      `${rate(lines, ms)} lines/s; ${stored.n} rows stored; ${polls} status polls answered meanwhile`,
  );
  await app.close();
}

async function benchUriCheck(db: Db) {
  const count = Number(values.messages);
  await insertRows(
    db,
    'uri_blocklist',
    ['uri'],
    Array.from({ length: 1000 }, (_, i) => [`blocked${i}.example`]),
  );
  const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ';
  const raw = await composeMessage({
    from: { address: 'app@acme.example' },
    to: [{ address: 'x@dest.example' }],
    cc: [],
    bcc: [],
    subject: 'Newsletter',
    text: `${paragraph.repeat(8)} https://www.shop.example/offer?id=1`,
    html: `<p>${paragraph.repeat(8)}</p><a href="https://www.shop.example/offer?id=1&amp;u=2">Offer</a> <a href="https://cdn.news.example/unsub">Unsubscribe</a><img src="https://img.news.example/logo.png">`,
    headers: {},
    attachments: [],
  });
  await findBlockedUri(db, 1, extractLinks(raw)); // load the cached lists
  const started = performance.now();
  let blocked = 0;
  for (let i = 0; i < count; i++) if (await findBlockedUri(db, 1, extractLinks(raw))) blocked++;
  const ms = performance.now() - started;
  console.log(
    `URI check: ${count} messages of ${raw.length} bytes (4 links, 1000 blocked hosts): ` +
      `${((ms * 1000) / count).toFixed(1)} µs/message, ${rate(count, ms)} messages/s per core; blocked ${blocked}`,
  );
}

const { db, drop } = await openBenchDb(values.db);
try {
  installSecretKeys(parseSecretKeys(newSecretKeyEntry(), 'the bench key'));
  await migrate(db);
  const config = loadConfig(
    { LOG_LEVEL: 'silent', MAILWRIGHT_ADMIN_PASSWORD: PASSWORD },
    { webDistDir: '/nonexistent' },
  );
  const log = createLogger(config);
  await ensureFirstSuperadmin(db, log, { username: 'admin', password: PASSWORD });
  console.log(
    `database: ${values.db}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on this machine`,
  );
  await benchInbound(db, config, log);
  await benchUpload(db, config, log);
  await benchUriCheck(db);
} finally {
  await drop();
}
