import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

const errorOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      databaseUrl: undefined,
      redisUrl: undefined,
      merchant: 'banca',
      logLevel: 'info',
      logFormat: 'pretty',
      trustProxy: false,
      countryHeader: undefined,
      operatorToken: undefined,
      seedDemo: true,
      bodyLimit: 1024 * 1024,
      sandboxAllowRemote: false,
    });
    expect(c.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(c.webDist).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
  });

  it('logs pretty lines for a person in development and JSON lines elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('resolves folders from the repository root, not the working directory', () => {
    expect(REPO_ROOT).toBe(path.resolve(SERVER_DIR, '../..') + path.sep);
    expect(loadConfig({ DATA_DIR: 'tmp/x' }).dataDir).toBe(path.join(REPO_ROOT, 'tmp', 'x'));
    expect(loadConfig({ DATA_DIR: '/var/banca' }).dataDir).toBe('/var/banca');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer 1-65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/8,not-an-ip' }, 'TRUST_PROXY'],
    [{ COUNTRY_HEADER: 'bad header' }, 'COUNTRY_HEADER'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ SANDBOX_ALLOW_REMOTE: 'open' }, 'SANDBOX_ALLOW_REMOTE'],
    [{ BODY_LIMIT: '10' }, 'BODY_LIMIT'],
    [{ MERCHANT: 'no spaces allowed' }, 'MERCHANT'],
  ])('refuses %o naming the variable', (env, expected) => {
    const message = errorOf(env);
    expect(message).toContain(expected);
    expect(message).toMatch(/^Invalid configuration: /);
  });

  it('never prints the operator token back', () => {
    const message = errorOf({ OPERATOR_TOKEN: 'short-secret' });
    expect(message).toContain('OPERATOR_TOKEN must be at least 24 characters');
    expect(message).not.toContain('short-secret');
  });

  it('reads METRICS_TOKEN like the operator token, never printing it, and refuses the operator token itself', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(24) }).metricsToken).toBe('m'.repeat(24));
    const message = errorOf({ METRICS_TOKEN: 'short-scrape-secret' });
    expect(message).toContain('METRICS_TOKEN must be at least 24 characters');
    expect(message).not.toContain('short-scrape-secret');
    expect(errorOf({ METRICS_TOKEN: 'x'.repeat(24), OPERATOR_TOKEN: 'x'.repeat(24) })).toContain(
      'METRICS_TOKEN must differ from OPERATOR_TOKEN',
    );
  });

  it('reads TRUST_PROXY as false, true, a hop count or a list of ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '127.0.0.1',
    ]);
  });

  it('seeds demo content on the embedded database only, unless SEED_DEMO says otherwise', () => {
    const url = 'postgres://u@db:5432/banca';
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('lower-cases the country header name and keeps a valid operator token', () => {
    const c = loadConfig({ COUNTRY_HEADER: 'CF-IPCountry', OPERATOR_TOKEN: 'x'.repeat(24), PORT: '3000' });
    expect(c.countryHeader).toBe('cf-ipcountry');
    expect(c.operatorToken).toBe('x'.repeat(24));
    expect(c.port).toBe(3000);
  });

  it('defaults PUBLIC_URL to localhost on the port and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://play.example.com/' }).publicUrl).toBe(
      'https://play.example.com',
    );
    expect(errorOf({ PUBLIC_URL: 'https://play.example.com/app?x=1' })).toContain('PUBLIC_URL must be');
    expect(errorOf({ PUBLIC_URL: 'ftp://example.com' })).toContain('PUBLIC_URL must be');
  });

  it('configures a social provider from all three variables, or not at all', () => {
    expect(loadConfig({}).oidc).toEqual({});
    const c = loadConfig({
      OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
      OIDC_GOOGLE_CLIENT_ID: 'id',
      OIDC_GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(c.oidc).toEqual({
      google: { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' },
    });
    const partial = errorOf({
      OIDC_FACEBOOK_ISSUER: 'https://www.facebook.com',
      OIDC_FACEBOOK_CLIENT_ID: 'id',
    });
    expect(partial).toContain('OIDC_FACEBOOK_CLIENT_SECRET must be set too');
  });

  it('wants an https issuer (http only on loopback) and never echoes a client secret', () => {
    const base = { OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 'secret' };
    expect(errorOf({ ...base, OIDC_GOOGLE_ISSUER: 'http://accounts.example.com' })).toContain(
      'OIDC_GOOGLE_ISSUER must be an https issuer URL',
    );
    expect(loadConfig({ ...base, OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).oidc.google?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
    const message = errorOf({
      ...base,
      OIDC_GOOGLE_ISSUER: 'https://x',
      OIDC_GOOGLE_CLIENT_SECRET: 'z'.repeat(2000),
    });
    expect(message).toContain('OIDC_GOOGLE_CLIENT_SECRET must be 1-1024 characters (got 2000 characters)');
  });
});

describe('server start-up with a bad value', () => {
  it('exits 1 with a message naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: 'abc', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration: PORT must be an integer 1-65535 (got "abc")');
  });
});
