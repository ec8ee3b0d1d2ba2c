/**
 * A gateway as its own process, for tests that kill it (wallet.sigkill.test.ts): the real app on the
 * configured PostgreSQL, in the schema GATEWAY_SCHEMA (a test's own), on PORT. No scheduler: the test
 * runs the jobs it means to. Prints one line `listening <url>` once it accepts connections.
 * Run: node --import tsx src/test/gateway-process.ts (env: DATABASE_URL, GATEWAY_SCHEMA, PORT, ...).
 */
import pino from 'pino';
import { buildApp } from '../app.ts';
import { prepareDatabase } from '../bootstrap.ts';
import { loadConfig } from '../platform/config.ts';

const schema = process.env.GATEWAY_SCHEMA;
if (!schema || !process.env.DATABASE_URL) throw new Error('gateway-process: DATABASE_URL and GATEWAY_SCHEMA');
const config = loadConfig(process.env);
const logger = pino({ level: 'silent' });
const database = await prepareDatabase(config, logger, { schema });
const app = await buildApp({ config, db: database.db, logger });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write(`listening http://127.0.0.1:${config.port}\n`);
