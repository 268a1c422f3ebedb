/**
 * The MTAs' own reasons: failures no remote server words (a domain that does not exist, a null MX, an MX naming no
 * host, nothing listening, an MX that is the MTA itself, too many Received headers, a local command that fails), as
 * `own-reasons.json` sets them up, so the bounce is in the MTA's own words.
 *
 *   node scripts/mta-bounces/own.ts dns                       serves the scenarios' zone on 127.0.0.1:53
 *   node scripts/mta-bounces/own.ts inject <out> [--sendmail <path>]
 *
 * inject hands the MTA (127.0.0.1:25, or its sendmail command) one message per scenario and writes `<out>/sent.json`;
 * a scenario the MTA refuses while it is handed over (Exim refuses too many Received headers at DATA) bounces nothing
 * and is left out.
 */
import { type MxValue, startLocalDns } from '../../apps/server/src/test/local-dns.ts';
import { capturedMessage, mtaTransport, writeSent } from './hand-over.ts';
import { type OwnReason, readOwnReasons } from './plan.ts';

async function serveDns(): Promise<void> {
  const dns = await startLocalDns(53);
  // An MTA without a route of its own for the sink (dma with no smarthost) finds it here.
  dns.set('sink.test', 'A', ['127.0.0.1']);
  for (const { dns: records = [] } of readOwnReasons())
    for (const { name, type, values } of records)
      if (type === 'MX') dns.set(name, 'MX', values as MxValue[]);
      else dns.set(name, 'A', values as string[]);
  console.log('own-reasons DNS on 127.0.0.1:53');
}

async function inject(out: string, flags: readonly string[]): Promise<void> {
  const transport = mtaTransport(flags);
  const handed: OwnReason[] = [];
  for (const [n, reason] of readOwnReasons().entries()) {
    const raw = capturedMessage({
      top: Array.from(
        { length: reason.received ?? 0 },
        (_, hop) =>
          `Received: from hop${hop}.example.test by hop${hop + 1}.example.test; Tue, 24 Nov 2026 09:00:00 +0000`,
      ),
      from: 'bouncer@capture.test',
      to: [reason.recipient],
      // numbered: no scenario's words in the bounce, where a rule might read them
      subject: `Own reason ${n + 1}`,
      messageId: `own-${n + 1}`,
      body: 'A message the MTA cannot deliver for a reason of its own.',
    });
    try {
      await transport.sendMail({ envelope: { from: 'bouncer@capture.test', to: [reason.recipient] }, raw });
      handed.push(reason);
    } catch (error) {
      console.log(`${reason.id}: refused while handed over (${(error as Error).message.split('\n')[0]})`);
    }
  }
  writeSent(
    out,
    handed.map(({ id, recipient }) => ({ id, recipient })),
  );
  console.log(`handed ${handed.length} messages to the MTA`);
}

const [command, out = '', ...flags] = process.argv.slice(2);
if (command === 'dns') await serveDns();
else if (command === 'inject' && out) await inject(out, flags);
else throw new Error('usage: own.ts dns | own.ts inject <out> [--sendmail <path>]');
