// The `mailwright` command line (main.ts loads it once the V8 heap settings are in place).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ALL_ROLES, loadConfig, parseRoles } from './config.ts';
import { createUserFromCli } from './features/users/bootstrap.ts';
import { createLogger } from './log.ts';
import { countSecretsByKey, rotateSecrets } from './secrets/reseal.ts';
import { newSecretKeyEntry, secretKeys } from './secrets/secret-keys.ts';
import { openDatabase, startServer } from './server.ts';
import { printWelcome, warnAboutLocalNames } from './startup-notices.ts';

const USAGE = `Usage: mailwright <command> [options]

Commands:
  serve [--roles api,smtp,worker,events] [--port 8080]
                                                  Run Mailwright (all roles by default; events: the
                                                  RabbitMQ consumers with AMQP_URL)
  migrate                                         Apply database migrations and exit
  user create --username U --password P --role R [--subrole S] [--customer C] [--email E]
                                                  Create a user (the customer is found by name or id, or created)
  secrets new-key                                 Print a fresh key entry for MAILWRIGHT_SECRET_KEYS
  secrets rotate                                  Re-encrypt every stored secret with the current (first) key

Data lives in ./data (embedded PGlite) unless DATABASE_URL=postgres://... is set. See .env.example.`;

async function serve(args: string[]) {
  const { values } = parseArgs({ args, options: { roles: { type: 'string' }, port: { type: 'string' } } });
  const config = loadConfig(process.env, values.port ? { port: Number(values.port) } : {});
  const roles = values.roles ? parseRoles(values.roles) : ALL_ROLES;
  const server = await startServer(config, roles);
  const { log } = server.deps;
  warnAboutLocalNames(config, log);
  if (server.url) printWelcome(server.url, server.firstAdmin);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await server.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function runMigrate() {
  const config = loadConfig();
  const log = createLogger(config);
  const db = await openDatabase(config, log);
  await db.close();
  log.info('database is up to date');
}

async function userCreate(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      subrole: { type: 'string' },
      customer: { type: 'string' },
      email: { type: 'string' },
    },
  });
  if (!values.username || !values.password || !values.role)
    throw new Error('--username, --password and --role are required');
  const config = loadConfig();
  const db = await openDatabase(config, createLogger({ ...config, logLevel: 'warn' }));
  try {
    const { uid, cid } = await createUserFromCli(db, {
      username: values.username,
      password: values.password,
      role: values.role,
      subrole: values.subrole,
      customer: values.customer,
      email: values.email,
    });
    console.log(`created user ${values.username} (uid ${uid}) in customer ${cid}`);
  } finally {
    await db.close();
  }
}

/** Re-seals every secret with the first key of MAILWRIGHT_SECRET_KEYS, then says which keys still seal something. */
async function secretsRotate() {
  const config = loadConfig();
  const db = await openDatabase(config, createLogger({ ...config, logLevel: 'warn' }));
  try {
    const resealed = await rotateSecrets(db);
    const byKey = await countSecretsByKey(db);
    const current = secretKeys().current.id;
    console.log(`re-encrypted with key ${current}: ${JSON.stringify(resealed)}`);
    const old = Object.keys(byKey).filter((id) => id !== current);
    console.log(
      old.length
        ? `still sealed with ${old.join(', ')} (written meanwhile by a process with older settings): run again`
        : `every stored secret (${byKey[current] ?? 0}) is sealed with ${current}: older keys may be removed`,
    );
  } finally {
    await db.close();
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command === 'serve' || command === undefined) return serve(rest);
  if (command === 'migrate') return runMigrate();
  if (command === 'user' && rest[0] === 'create') return userCreate(rest.slice(1));
  if (command === 'secrets' && rest[0] === 'new-key') return void console.log(newSecretKeyEntry());
  if (command === 'secrets' && rest[0] === 'rotate') return secretsRotate();
  console.log(USAGE);
  process.exitCode = command === 'help' || command === '--help' ? 0 : 2;
}

// Settings from ./.env (as .env.example suggests); what the environment already sets wins.
if (existsSync('.env')) process.loadEnvFile('.env');

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
