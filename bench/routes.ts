// `node bench/routes.ts [--messages 2000] [--routes 20] [--db pglite|postgres]`
//
// Issue 13: inbound messages per second through a domain's routes, in one process on loopback. Messages are mailed
// over a nodemailer pool (10 connections) to the inbound MX; the domain has `--routes` regex routes and the one that
// matches comes last, so every message runs every pattern (RE2). Two runs: store() (the message is recorded and kept)
// and forward("…") (re-sent through intake: From rewritten, DKIM-signed, SRS envelope, queued), each against the
// same client mailing an smtp-server that only reads.
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { insertDomain } from '../apps/server/src/features/domains/domains.repo.ts';
import { ensureFirstSuperadmin } from '../apps/server/src/features/users/bootstrap.ts';
import { createLogger } from '../apps/server/src/log.ts';
import { generateDkimKey } from '../apps/server/src/mail/dns/dkim-keys.ts';
import { startInboundMx } from '../apps/server/src/mail/inbound/inbound-server.ts';
import { intakeFor } from '../apps/server/src/mail/intake/intake.service.ts';
import { loadMailSecret } from '../apps/server/src/mail/mail-tokens.ts';
import { DOMAIN_CACHE_MS } from '../apps/server/src/mail/routing/routed-mail.ts';
import { installSecretKeys, newSecretKeyEntry, parseSecretKeys } from '../apps/server/src/secrets/secret-keys.ts';
import { startLocalDns } from '../apps/server/src/test/local-dns.ts';
import { openBenchDb } from './bench-db.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '2000' },
    routes: { type: 'string', default: '20' },
    db: { type: 'string', default: 'pglite' },
  },
});
const COUNT = Number(values.messages);
const DOMAIN = 'bench-routes.example.com';

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);

/** ~2 KB of text, like the throughput benchmark's messages. */
const message = (i: number, to: string) =>
  [
    'From: Alice <alice@sender.example.org>',
    `To: ${to}`,
    `Subject: Inbound ${i}`,
    `Message-ID: <in-${i}@sender.example.org>`,
    '',
    ...Array.from({ length: 28 }, (_, l) => `Line ${l} of an inbound message that a route handles, padded to length.`),
    '',
  ].join('\r\n');

/** Mails COUNT messages to `to` over a pool of 10 connections; answers the milliseconds it took. */
async function mailAll(port: number, to: string): Promise<number> {
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
    Array.from({ length: COUNT }, (_, i) =>
      transport.sendMail({ envelope: { from: 'alice@sender.example.org', to: [to] }, raw: message(i, to) }),
    ),
  );
  const ms = performance.now() - started;
  transport.close();
  return ms;
}

async function setRoutes(db: Db, cid: number, did: number, last: object) {
  await db.query('DELETE FROM inbound_routes WHERE domain_id = $1', [did]);
  for (let i = 0; i < Number(values.routes) - 1; i++) {
    const expression = { type: 'match_recipient', pattern: `(team|desk)-${i}\\+[a-z0-9]+@.*` };
    await db.query(
      `INSERT INTO inbound_routes (customer_id, domain_id, priority, expression, actions)
       VALUES ($1, $2, $3, $4::jsonb, '[{"type":"store","days":1}]')`,
      [cid, did, i, JSON.stringify(expression)],
    );
  }
  await db.query(
    `INSERT INTO inbound_routes (customer_id, domain_id, priority, expression, actions)
     VALUES ($1, $2, 1000, '{"type":"match_recipient","pattern":"in-.*@bench-routes\\\\.example\\\\.com"}', $3::jsonb)`,
    [cid, did, JSON.stringify([last])],
  );
}

const { db, drop } = await openBenchDb(values.db);
// The inbound MX checks SPF, DKIM and DMARC of every message (mailauth): a local DNS answers its lookups as a real
// resolver would (the sender's SPF and DMARC records; NXDOMAIN for the rest) instead of the machine's resolver, which
// here has no internet and would time out on each lookup.
const dns = await startLocalDns();
dns.set('sender.example.org', 'TXT', ['v=spf1 ip4:127.0.0.1 -all']);
dns.set('_dmarc.sender.example.org', 'TXT', ['v=DMARC1; p=none']);
try {
  installSecretKeys(parseSecretKeys(newSecretKeyEntry(), 'the bench key'));
  await migrate(db);
  const config = loadConfig(
    { LOG_LEVEL: 'silent', MAILWRIGHT_ADMIN_PASSWORD: 'bench-password-1' },
    { webDistDir: '/nonexistent', dnsServers: dns.servers },
  );
  const log = createLogger(config);
  await ensureFirstSuperadmin(db, log, { username: 'admin', password: 'bench-password-1' });
  const { customer_id: cid } = await db.one<{ customer_id: number }>(
    "SELECT customer_id FROM users WHERE username = 'admin'",
  );
  const did = await insertDomain(db, cid, {
    name: DOMAIN,
    key: await generateDkimKey(),
    bounceHost: `mwb.${DOMAIN}`,
    trackingHost: `mwt.${DOMAIN}`,
  });
  // Verified for sending, and its receiving MX (the record naming our inbound host) found: the MX takes its mail.
  await db.query(
    `UPDATE domains SET state = 'verified',
            records = jsonb_set(records, '{receiving}', jsonb_build_object('state', 'valid', 'value', $2::text))
      WHERE id = $1`,
    [did, config.inboundMxHost.toLowerCase()],
  );
  const secret = await loadMailSecret(db);
  const deps = { config, db, log };
  const intake = await intakeFor(deps);
  console.log(
    `database: ${values.db}; ${COUNT} messages, ${values.routes} routes (the match last); load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

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
  const baselineMs = await mailAll((nullServer.server.address() as AddressInfo).port, `in-x@${DOMAIN}`);
  await new Promise<void>((resolve) => nullServer.close(() => resolve()));
  console.log(`an smtp-server that only reads: ${rate(COUNT, baselineMs)} msg/s`);

  const inbound = await startInboundMx({ config: { ...config, inboundSmtpPort: 0 }, log, db, secret, intake });
  for (const [name, action] of [
    ['store()', { type: 'store', days: 1 }],
    ['forward("desk@…")', { type: 'forward_email', address: 'desk@dest.example.net' }],
  ] as const) {
    await setRoutes(db, cid, did, action);
    // The MX looks a domain's routes up again after DOMAIN_CACHE_MS.
    await new Promise((resolve) => setTimeout(resolve, DOMAIN_CACHE_MS + 100));
    const ms = await mailAll(inbound.port, `in-${name.length}@${DOMAIN}`);
    const recorded = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM inbound_messages');
    const queued = await db.one<{ n: number }>("SELECT count(*)::int AS n FROM messages WHERE source = 'route'");
    console.log(
      `${name}: ${COUNT} messages in ${Math.round(ms)} ms = ${rate(COUNT, ms)} msg/s ` +
        `(inbound messages recorded so far ${recorded.n}, forwards queued ${queued.n})`,
    );
  }
  await inbound.close();
  await intake.drain();
} finally {
  await drop();
  await dns.stop();
}
