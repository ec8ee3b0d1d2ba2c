/**
 * A gateway node as its own process WITH its scheduler, for tests that run two nodes on one schema
 * and kill one (agent-contracts.nodes.test.ts): the real app on the configured PostgreSQL, in the
 * schema GATEWAY_SCHEMA, on PORT, ticking every GATEWAY_TICK_SECONDS (default 1) like main.ts does
 * every 60 s. GATEWAY_JOBS (comma-separated job names) limits the scheduler to those jobs; the
 * job_run claim still makes each period run on one node only. Prints `listening <url> pid <pid>`
 * once it accepts connections.
 * Run: node --import tsx src/test/gateway-scheduler-process.ts (env: DATABASE_URL, GATEWAY_SCHEMA, PORT, ...).
 */
import pino from 'pino';
import { buildApp } from '../app.ts';
import { prepareDatabase } from '../bootstrap.ts';
import { loadConfig } from '../platform/config.ts';
import { startScheduler } from '../platform/jobs/scheduler.ts';

const schema = process.env.GATEWAY_SCHEMA;
if (!schema || !process.env.DATABASE_URL)
  throw new Error('gateway-scheduler-process: DATABASE_URL and GATEWAY_SCHEMA');
const config = loadConfig(process.env);
const logger = pino({ level: 'silent' });
const database = await prepareDatabase(config, logger, { schema });
const app = await buildApp({ config, db: database.db, logger });
const only = (process.env.GATEWAY_JOBS ?? '').split(',').filter(Boolean);
startScheduler({
  db: database.db,
  jobs: only.length ? app.scheduledJobs.filter((j) => only.includes(j.name)) : app.scheduledJobs,
  logger,
  tickSeconds: Number(process.env.GATEWAY_TICK_SECONDS ?? 1),
});
await app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write(`listening http://127.0.0.1:${config.port} pid ${process.pid}\n`);
