import closeWithGrace from 'close-with-grace';
import { createLogger } from './platform/logging.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { startScheduler } from './platform/jobs/scheduler.ts';
import { startupBanner } from './startup-banner.ts';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  // Refuse to start, naming the variable; no stack trace for a configuration mistake.
  console.error(err.message);
  process.exit(1);
}

const logger = createLogger(config.logLevel, undefined, config.logFormat);
const started = Date.now();
const database = await prepareDatabase(config, logger);
const app = await buildApp({ config, db: database.db, logger });
// Every node runs the scheduler; the job_run claim makes each period run on one node only.
const scheduler = startScheduler({ db: database.db, jobs: app.scheduledJobs, logger });

closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await scheduler.stop();
  await app.close(); // stops accepting, lets in-flight requests finish
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
const banner = startupBanner({
  config,
  demoAccounts: database.demoAccounts,
  demoAdmin: database.demoAdmin,
  migrationsApplied: database.migrationsApplied.length,
  merchantCreated: database.merchantCreated ? config.merchant : undefined,
  startupMs: Date.now() - started,
}).join('\n');
// The pretty log is for a person (the banner says it all); a JSON log also gets the facts as fields.
if (config.logFormat === 'pretty') logger.info(banner);
else
  logger.info({ database: database.kind, demoAccounts: database.demoAccounts.map((a) => a.account) }, banner);
