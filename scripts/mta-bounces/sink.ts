/**
 * A plain-socket SMTP server on 127.0.0.1 that refuses mail as `plan.json` says, so a real MTA (Postfix, Exim,
 * Sendmail, OpenSMTPD) writes its own bounce about it. Multi-line replies go out as the receivers send them
 * (`550-5.7.1 …` continuation lines), which is why this is a socket and not smtp-server: the MTA's folding of
 * them is part of what the captured bounces test.
 *
 * Addresses carry the plan's id: a recipient `rcpt-<id>@…` is refused at RCPT TO, `data-<id>@…` after the
 * message's end of data, and a sender `mail-<id>@…` at MAIL FROM. Everything else is accepted.
 *
 *   node scripts/mta-bounces/sink.ts [port] [--no-pipelining]
 *
 * --no-pipelining leaves PIPELINING (RFC 2920) out of the EHLO reply, so the MTA sends one command at a time and its
 * transcript shows each reply after its own command.
 */
import { createServer, type Socket } from 'node:net';
import { type PlanEntry, readPlan } from './plan.ts';

const byId = new Map(readPlan().map((entry) => [entry.id, entry]));
const port = Number(process.argv[2] ?? 2525);
const pipelining = !process.argv.includes('--no-pipelining');

/** The plan's reply for an address whose local part is `<stage>-<id>`, if it has one. */
function plannedReply(address: string, stage: PlanEntry['stage']): string | undefined {
  const local = address.replace(/^<|>$/g, '').split('@')[0] ?? '';
  const [prefix, id] = local.split('-');
  const entry = byId.get(Number(id));
  return prefix === stage && entry?.stage === stage ? entry.reply : undefined;
}

/** A reply as SMTP sends it: every line but the last with a hyphen after the code. */
function wire(reply: string): string {
  const lines = reply.split('\n');
  return lines.map((line, i) => (i < lines.length - 1 ? line.replace(/^(\d{3}) /, '$1-') : line)).join('\r\n');
}

function session(socket: Socket): void {
  let buffer = '';
  let inData = false;
  let dataReply: string | undefined;
  let refusedSender = false;
  let accepted = 0;
  const send = (reply: string) => socket.write(`${wire(reply)}\r\n`);
  send('220 mx.sink.test ESMTP sink');
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line !== '.') continue;
        inData = false;
        send(dataReply ?? '250 2.0.0 Ok: queued');
        dataReply = undefined;
        accepted = 0;
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      const argument =
        line
          .slice(line.indexOf(':') + 1)
          .trim()
          .split(/\s/)[0] ?? '';
      if (verb === 'EHLO')
        send(`250-mx.sink.test\n${pipelining ? '250-PIPELINING\n' : ''}250-8BITMIME\n250 SIZE 52428800`);
      else if (verb === 'HELO') send('250 mx.sink.test');
      else if (verb === 'MAIL') {
        const refusal = plannedReply(argument, 'mail');
        refusedSender = refusal !== undefined;
        accepted = 0;
        send(refusal ?? '250 2.1.0 Ok');
      } else if (verb === 'RCPT') {
        const refusal = refusedSender ? '503 5.5.1 Error: need MAIL command' : plannedReply(argument, 'rcpt');
        if (!refusal) {
          accepted++;
          dataReply ??= plannedReply(argument, 'data');
        }
        send(refusal ?? '250 2.1.5 Ok');
      } else if (verb === 'DATA') {
        inData = accepted > 0;
        send(inData ? '354 End data with <CR><LF>.<CR><LF>' : '554 5.5.1 Error: no valid recipients');
      } else if (verb === 'RSET') {
        dataReply = undefined;
        refusedSender = false;
        accepted = 0;
        send('250 2.0.0 Ok');
      } else if (verb === 'QUIT') {
        send('221 2.0.0 Bye');
        socket.end();
      } else send('250 2.0.0 Ok');
    }
  });
}

createServer(session).listen(port, '127.0.0.1', () => console.log(`sink listening on 127.0.0.1:${port}`));
