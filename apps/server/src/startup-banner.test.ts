import { describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config.ts';
import { DEMO_ACCOUNTS } from './seed/demo-content.ts';
import { localUrl, startupBanner } from './startup-banner.ts';

describe('start-up banner', () => {
  it('says the URL, the database, the demo accounts and the outbox first', () => {
    const lines = startupBanner({
      config: loadConfig({}),
      demoAccounts: DEMO_ACCOUNTS,
      demoAdmin: { username: 'admin01', password: 'DemoAdmin1234' },
      migrationsApplied: 6,
      startupMs: 4200,
    });
    expect(lines[0]).toBe('Banca is running at http://localhost:8080 (development, ready in 4.2 s)');
    expect(lines[1]).toMatch(
      /^ {2}database {3}embedded PostgreSQL \(PGlite\) in .*data, 6 migrations applied now$/,
    );
    const text = lines.join('\n');
    for (const a of DEMO_ACCOUNTS) expect(text).toContain(`${a.account} / ${a.password}`);
    expect(text).toContain('http://localhost:8080/agent');
    expect(text).toContain('admin01 / DemoAdmin1234  (back office at http://localhost:8080/backoffice;');
    expect(text).toContain(
      'http://localhost:8080/dev/outbox.html  (sandbox SMS and e-mail; this machine only)',
    );
  });

  it('names a server database without its password, and has no outbox in production', () => {
    const lines = startupBanner({
      config: loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://banca:s3cret@db.internal:6432/banca',
        HOST: '10.0.0.5',
        PORT: '9000',
      }),
      demoAccounts: [],
      migrationsApplied: 0,
      startupMs: 800,
    });
    expect(lines[1]).toBe('  database   PostgreSQL at db.internal:6432/banca');
    const text = lines.join('\n');
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('outbox');
    expect(text).not.toContain('operator ');
    expect(text).toContain('http://10.0.0.5:9000/docs');
  });

  it('tells where to set up a merchant this start created with its defaults', () => {
    const facts = {
      config: loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.internal/banca' }),
      demoAccounts: [],
      migrationsApplied: 0,
      startupMs: 800,
    };
    expect(startupBanner({ ...facts, merchantCreated: 'acme' })).toContain(
      '  merchant   acme created with default settings: no games, members or operators yet ' +
        '(set it up in the back office at http://localhost:8080/backoffice; docs/operator-guide.md)',
    );
    expect(startupBanner(facts).join('\n')).not.toContain('merchant ');
  });

  it('shows a wildcard listen address as localhost and brackets IPv6', () => {
    expect(localUrl({ host: '::', port: 1 })).toBe('http://localhost:1');
    expect(localUrl({ host: '::1', port: 2 })).toBe('http://[::1]:2');
  });
});
