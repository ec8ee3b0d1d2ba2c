import closeWithGrace from 'close-with-grace';
import { createLogger } from './platform/logging.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { startScheduler } from './platform/jobs/scheduler.ts';
import { scheduledJobs } from './scheduled-jobs.ts';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  // Refuse to start, naming the variable; no stack trace for a configuration mistake.
  console.error(err.message);
  process.exit(1);
}

const logger = createLogger(config.logLevel);
const started = Date.now();
const database = await prepareDatabase(config, logger);
const app = await buildApp({ config, db: database.db, logger });
// Every node runs the scheduler; the job_run claim makes each period run on one node only.
const scheduler = startScheduler({ db: database.db, jobs: scheduledJobs, logger });

closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await scheduler.stop();
  await app.close(); // stops accepting, lets in-flight requests finish
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
logger.info(
  { database: database.kind, startupMs: Date.now() - started },
  `Banca gateway listening on http://${shownHost}:${config.port}`,
);
if (database.demoAccounts.length > 0) {
  const list = database.demoAccounts
    .map(
      (a) =>
        `${a.type === 0 ? 'member' : 'agent'} ${a.account} / ${a.password}` +
        (a.affiliateCode ? ` (affiliate code ${a.affiliateCode})` : ''),
    )
    .join(', ');
  logger.info(
    { demoAccounts: database.demoAccounts.map((a) => a.account) },
    `Demo accounts: ${list}. Agents log in at /agent.` +
      (config.nodeEnv === 'production'
        ? ''
        : ` Sandbox SMS and e-mail: http://${shownHost}:${config.port}/dev/outbox.html`),
  );
}
