import type { ChannelModel } from 'amqplib';
import type { Logger } from '../log.ts';

export interface KeptConnection {
  /** Resolves once stopped: the connection is closed and no reconnect is pending. */
  stop(): Promise<void>;
}

/** Waits between reconnects: 0.25 s, doubling, at most 10 s; back to the start once a connection opened. */
export const backoffMs = (failures: number) => Math.min(10_000, 250 * 2 ** Math.max(0, failures - 1));

/**
 * Keeps one AMQP connection open to `url`: connects, runs `onOpen` (channels, topology, consumers) and, when the
 * broker goes away (restart, closed connections, a network cut), reconnects with backoff and runs `onOpen` again.
 * A broker restart therefore costs a few seconds of delay, never a process restart.
 */
export function keepConnected(
  url: string,
  log: Logger,
  name: string,
  onOpen: (connection: ChannelModel) => Promise<void>,
): KeptConnection {
  let stopped = false;
  let current: ChannelModel | null = null;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = async () => {
    let failures = 0;
    let opened = 0;
    while (!stopped) {
      try {
        // amqplib loads with the first connection: without AMQP_URL no process needs it.
        const { connect } = await import('amqplib');
        const connection = await connect(url, { clientProperties: { connection_name: `mailwright ${name}` } });
        const closed = new Promise<void>((resolve) => connection.once('close', () => resolve()));
        // An 'error' is always followed by 'close'; listening keeps it from crashing the process.
        connection.on('error', (error: unknown) => log.warn({ err: error, bus: name }, 'event bus connection error'));
        current = connection;
        if (stopped) {
          await connection.close().catch(() => undefined);
          break;
        }
        await onOpen(connection);
        log.info({ bus: name, reconnect: opened++ > 0 }, 'event bus connected');
        failures = 0;
        await closed;
        current = null;
        if (!stopped) log.warn({ bus: name }, 'event bus connection closed; reconnecting');
      } catch (error) {
        failures += 1;
        log.warn({ err: error, bus: name, failures }, 'event bus connection failed; retrying');
        await current?.close().catch(() => undefined);
        current = null;
      }
      if (!stopped) await sleep(backoffMs(failures || 1));
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await current?.close().catch(() => undefined);
      await running;
    },
  };
}
