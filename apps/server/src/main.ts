import { parseArgs } from 'node:util';
import { ALL_ROLES, loadConfig, parseRoles } from './config.ts';
import { createUserFromCli } from './features/users/bootstrap.ts';
import { createLogger } from './log.ts';
import { openDatabase, startServer } from './server.ts';

const USAGE = `Usage: mailwright <command> [options]

Commands:
  serve [--roles api,smtp,worker] [--port 8080]   Run Mailwright (all roles by default)
  migrate                                         Apply database migrations and exit
  user create --username U --password P --role R [--subrole S] [--customer C] [--email E]
                                                  Create a user (the customer is found by name or id, or created)

Data lives in ./data (embedded PGlite) unless DATABASE_URL=postgres://... is set. See .env.example.`;

async function serve(args: string[]) {
  const { values } = parseArgs({ args, options: { roles: { type: 'string' }, port: { type: 'string' } } });
  const config = loadConfig(process.env, values.port ? { port: Number(values.port) } : {});
  const roles = values.roles ? parseRoles(values.roles) : ALL_ROLES;
  const server = await startServer(config, roles);
  const { log } = server.deps;
  if (server.url) {
    log.info(`Mailwright console: ${server.url}  (API: ${server.url}/api, docs: ${server.url}/api/docs)`);
    log.info('Sign in as the first superadmin: see the username and password above, or MAILWRIGHT_ADMIN_* in .env');
  }
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

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command === 'serve' || command === undefined) return serve(rest);
  if (command === 'migrate') return runMigrate();
  if (command === 'user' && rest[0] === 'create') return userCreate(rest.slice(1));
  console.log(USAGE);
  process.exitCode = command === 'help' || command === '--help' ? 0 : 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
