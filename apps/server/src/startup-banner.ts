import path from 'node:path';
import type { Config } from './platform/config.ts';
import type { DemoAccount } from './seed/demo-content.ts';

export interface BannerFacts {
  config: Pick<Config, 'host' | 'port' | 'nodeEnv' | 'databaseUrl' | 'dataDir' | 'sandboxAllowRemote'>;
  demoAccounts: readonly DemoAccount[];
  /** The demo back-office admin (outside production, with the demo seed). */
  demoAdmin?: { username: string; password: string } | null;
  migrationsApplied: number;
  /** The merchant code, when this start created it with default settings (no demo content). */
  merchantCreated?: string;
  startupMs: number;
}

/** The URL a person on this machine opens: a wildcard listen address is shown as localhost. */
export const localUrl = (config: Pick<Config, 'host' | 'port'>): string => {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
};

/** Where the data is, without the password of a server URL. */
const describeDatabase = (config: BannerFacts['config']): string => {
  if (!config.databaseUrl) {
    const shown = path.relative(process.cwd(), config.dataDir) || '.';
    return `embedded PostgreSQL (PGlite) in ${shown.startsWith('..') ? config.dataDir : `./${shown}`}`;
  }
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
};

/**
 * The first lines a person reads after `npm start`: where the site is, which database it uses, how
 * to log in, and where the sandbox messages are. Returned as lines so the pretty log shows them as a
 * block and a JSON log keeps them in one record.
 */
export function startupBanner({
  config,
  demoAccounts,
  demoAdmin,
  migrationsApplied,
  merchantCreated,
  startupMs,
}: BannerFacts): string[] {
  const url = localUrl(config);
  const lines = [
    `Banca is running at ${url} (${config.nodeEnv}, ready in ${(startupMs / 1000).toFixed(1)} s)`,
    `  database   ${describeDatabase(config)}` +
      (migrationsApplied > 0 ? `, ${migrationsApplied} migrations applied now` : ''),
  ];
  if (merchantCreated && demoAccounts.length === 0) {
    lines.push(
      `  merchant   ${merchantCreated} created with default settings: no games, members or operators yet ` +
        `(set it up in the back office at ${url}/backoffice; docs/operator-guide.md)`,
    );
  }
  for (const a of demoAccounts) {
    const kind = a.type === 0 ? 'member' : 'agent ';
    const where = a.type === 0 ? `log in at ${url}/login` : `log in at ${url}/agent`;
    const code = a.affiliateCode ? `, invitation code ${a.affiliateCode}` : '';
    lines.push(`  ${kind}     ${a.account} / ${a.password}  (${where}${code})`);
  }
  if (demoAdmin) {
    lines.push(
      `  operator   ${demoAdmin.username} / ${demoAdmin.password}  (back office at ${url}/backoffice; ` +
        'sets up its authenticator app at the first login)',
    );
  }
  if (config.nodeEnv !== 'production') {
    lines.push(
      `  outbox     ${url}/dev/outbox.html  (sandbox SMS and e-mail; ` +
        (config.sandboxAllowRemote
          ? 'open to the network: SANDBOX_ALLOW_REMOTE=true)'
          : 'this machine only)'),
    );
  }
  lines.push(`  API docs   ${url}/docs`);
  return lines;
}
