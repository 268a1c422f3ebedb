// The benchmark's MX sink, in its own process so receiving does not compete with the load generator's event loop.
// Tells its port to the parent over IPC and answers {count, unique} when asked.
import { startMxSink } from '../apps/server/src/test/mx-sink.ts';

let count = 0;
const seen = new Set<string>();
const sink = await startMxSink({
  keep: false,
  onMessage(message) {
    count++;
    const head = message.raw.subarray(0, 4096).toString('latin1');
    const id = head.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1];
    if (id) seen.add(id);
  },
});
process.send?.({ port: sink.port });
process.on('message', (msg: { ask?: string }) => {
  if (msg.ask === 'stats') process.send?.({ count, unique: seen.size });
  if (msg.ask === 'reset') {
    count = 0;
    seen.clear();
    process.send?.({ reset: true });
  }
});
process.on('disconnect', () => {
  void sink.stop().then(() => process.exit(0));
});
