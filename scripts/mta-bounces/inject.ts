/**
 * Hands the MTA under test (listening on 127.0.0.1:25) one message per plan group, addressed so that the sink
 * (sink.ts) refuses it as planned: refusals at RCPT TO three recipients to a message (one bounce must then carry
 * three replies), refusals after DATA and at MAIL FROM one to a message. Writes what it sent to `<out>/sent.json`,
 * which the captured-bounce test reads to know every recipient it must find.
 *
 *   node scripts/mta-bounces/inject.ts <out-dir> [--final-only] [--sendmail <path>]
 *
 * --final-only leaves out the 4xx replies, for an MTA that cannot be told to give up on the first temporary failure.
 * --sendmail hands the messages to the MTA's sendmail command instead, for an MTA that listens on no port (dma).
 */
import { capturedMessage, mtaTransport, writeSent } from './hand-over.ts';
import { readPlan, type Sent } from './plan.ts';

const [out = '', ...flags] = process.argv.slice(2);
if (!out) throw new Error('usage: inject.ts <out-dir> [--final-only] [--sendmail <path>]');
const plan = readPlan().filter((entry) => !flags.includes('--final-only') || !entry.reply.startsWith('4'));

const messages: { from: string; sent: Sent[] }[] = [];
const atRcpt = plan.filter((entry) => entry.stage === 'rcpt');
for (let i = 0; i < atRcpt.length; i += 3)
  messages.push({
    from: 'bouncer@capture.test',
    sent: atRcpt.slice(i, i + 3).map(({ id, stage }) => ({ id, stage, recipient: `rcpt-${id}@sink.test` })),
  });
for (const { id, stage } of plan.filter((entry) => entry.stage === 'data'))
  messages.push({ from: 'bouncer@capture.test', sent: [{ id, stage, recipient: `data-${id}@sink.test` }] });
for (const { id, stage } of plan.filter((entry) => entry.stage === 'mail'))
  messages.push({ from: `mail-${id}@capture.test`, sent: [{ id, stage, recipient: `to-${id}@sink.test` }] });

const transport = mtaTransport(flags);
for (const [n, message] of messages.entries()) {
  const to = message.sent.map((s) => s.recipient);
  const raw = capturedMessage({
    from: message.from,
    to,
    subject: `Captured bounce ${n + 1}`,
    messageId: `capture-${n + 1}`,
    body: 'A message the sink refuses, so the MTA writes its own bounce.',
  });
  await transport.sendMail({ envelope: { from: message.from, to }, raw });
}
writeSent(
  out,
  messages.flatMap((m) => m.sent),
);
console.log(`handed ${messages.length} messages to the MTA`);
