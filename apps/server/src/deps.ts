import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './log.ts';

/** What every feature needs from the running program; built once in server.ts and handed down. */
export interface Deps {
  config: Config;
  db: Db;
  log: Logger;
}
