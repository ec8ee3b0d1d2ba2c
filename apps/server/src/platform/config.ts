import { fileURLToPath } from 'node:url';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@banca/contract';
import type { LogFormat } from './logging.ts';

/** Paths default relative to the repository, not the working directory, so `npm start -w` and a
 *  plain `node` from anywhere find the same data and SPA. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** TRUST_PROXY as Fastify takes it: false, true, a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/** One OpenID provider the gateway signs members in with (social sign-in). */
export interface OidcProviderConfig {
  /** Issuer identifier; its /.well-known/openid-configuration is discovered on first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  /** postgres:// URL of a PostgreSQL server; undefined means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  merchant: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `pretty` (short lines for a person) by default in development, `json` elsewhere. */
  logFormat: LogFormat;
  trustProxy: TrustProxy;
  /** Lower-case header name carrying the visitor's ISO country; only read behind a trusted proxy. */
  countryHeader: string | undefined;
  operatorToken: string | undefined;
  /**
   * The bearer a Prometheus scraper sends for GET /metrics (METRICS_TOKEN); undefined: /metrics answers
   * 404. Its own credential, not OPERATOR_TOKEN, so a scraper's configuration never holds the back
   * office's bootstrap admin.
   */
  metricsToken: string | undefined;
  seedDemo: boolean;
  webDist: string;
  /** The back-office app's build (BACKOFFICE_DIST), served under /backoffice. */
  backofficeDist: string;
  bodyLimit: number;
  /** The site's external base URL (scheme, host, port, no trailing slash): redirect URIs are built on it. */
  publicUrl: string;
  /** Social sign-in providers with all three OIDC_<PROVIDER>_* variables set; absent = not configured. */
  oidc: Partial<Record<SocialProvider, OidcProviderConfig>>;
  /**
   * Outside production the sandbox endpoints (`/dev/*`: every SMS code, temporary password and captcha
   * answer) answer loopback clients only, unless this opens them to the network on purpose.
   */
  sandboxAllowRemote: boolean;
  /** Agents may promote a direct downline member to agent (AGENT_PROMOTE, default true). */
  agentPromote: boolean;
  /**
   * Buckets per house ledger account (LEDGER_HOUSE_BUCKETS, 1-16, default 16). Only the wallet
   * benchmark lowers it, to show the hot row that one bucket is.
   */
  ledgerHouseBuckets: number;
  /**
   * Where the house vendor calls the gateway's vendor wallet API (HOUSE_GATEWAY_URL); undefined: this
   * node's own listening address over loopback. Set it when the house vendor runs beside a load
   * balancer that should see its calls.
   */
  houseGatewayUrl: string | undefined;
  /**
   * The house lottery's period lengths (LOTTERY_PERIOD_SECONDS): `<seconds>` for every game or
   * `HOUSE_5D=20,SEA_5D=30`; undefined: each table's own schedule.
   */
  lotteryPeriodSeconds: string | undefined;
  /** How often each node runs the lottery's draw loop (LOTTERY_TICK_SECONDS; 0 = off, the tests' default). */
  lotteryTickSeconds: number;
  /** How often agent contracts are settled (AGENT_SETTLEMENT_SECONDS, 10-86400, default 3600); e2e shortens it. */
  agentSettlementSeconds: number;
  /** How often hourly and real-time salaries are settled (AGENT_SALARY_SETTLEMENT_SECONDS, 10-3600, default 300). */
  agentSalarySettlementSeconds: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const empty = (v: string | undefined): v is undefined => v === undefined || v.trim() === '';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const isCidrOrIp = (item: string): boolean => {
  try {
    if (item.includes('/')) ipaddr.parseCIDR(item);
    else ipaddr.parse(item);
    return true;
  } catch {
    return false;
  }
};

const trustProxy = z.string().transform((v, ctx): TrustProxy => {
  const t = v.trim();
  if (t === 'false' || t === '0') return false;
  if (t === 'true') return true;
  if (/^\d+$/.test(t)) return Number(t);
  const items = t
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length > 0 && items.every(isCidrOrIp)) return items;
  ctx.addIssue({ code: 'custom', message: 'must be false, true, a hop count, or a comma list of IPs/CIDRs' });
  return z.NEVER;
});

const urlWithScheme = (schemes: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return schemes.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${schemes.map((s) => s + '//').join(' or ')} URL`,
  );

const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** An OpenID issuer: https, or http only on loopback (a local provider in development and tests). */
const issuerUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    if (u.search || u.hash || u.username || u.password) return false;
    return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname));
  } catch {
    return false;
  }
});

/** The site's base URL: http(s), no path beyond '/', no query. */
const publicUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return (
      (u.protocol === 'https:' || u.protocol === 'http:') &&
      (u.pathname === '/' || u.pathname === '') &&
      !u.search &&
      !u.hash &&
      !u.username &&
      !u.password
    );
  } catch {
    return false;
  }
});

const oidcClientId = z.string().min(1).max(512);
const oidcClientSecret = z.string().min(1).max(1024);

/** One entry per variable: its schema and the message used when it is wrong. */
const fields = {
  PORT: z.coerce.number().int().min(1).max(65535).describe('must be an integer 1-65535'),
  HOST: z.string().min(1).describe('must be a host name or address'),
  NODE_ENV: z.enum(['development', 'production', 'test']).describe('must be development, production or test'),
  DATABASE_URL: urlWithScheme(['postgres:', 'postgresql:']).describe('must be a postgres:// URL'),
  DATA_DIR: z.string().min(1).describe('must be a folder path'),
  REDIS_URL: urlWithScheme(['redis:', 'rediss:']).describe('must be a redis:// URL'),
  MERCHANT: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/i)
    .describe('must be 1-32 letters, digits, _ or -'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .describe('must be one of fatal, error, warn, info, debug, trace, silent'),
  LOG_FORMAT: z.enum(['json', 'pretty']).describe('must be json or pretty'),
  TRUST_PROXY: trustProxy.describe('must be false, true, a hop count, or a comma list of IPs/CIDRs'),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .describe('must be an HTTP header name'),
  OPERATOR_TOKEN: z.string().min(24).describe('must be at least 24 characters'),
  METRICS_TOKEN: z.string().min(24).describe('must be at least 24 characters'),
  SEED_DEMO: bool.describe('must be true or false'),
  SANDBOX_ALLOW_REMOTE: bool.describe('must be true or false'),
  AGENT_PROMOTE: bool.describe('must be true or false'),
  WEB_DIST: z.string().min(1).describe('must be a folder path'),
  BACKOFFICE_DIST: z.string().min(1).describe('must be a folder path'),
  LEDGER_HOUSE_BUCKETS: z.coerce.number().int().min(1).max(16).describe('must be an integer 1-16'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .describe('must be a byte count 1024-104857600'),
  HOUSE_GATEWAY_URL: urlWithScheme(['http:', 'https:']).describe('must be an http(s) URL of the gateway'),
  LOTTERY_PERIOD_SECONDS: z
    .string()
    .regex(/^(\d{2,5}|[A-Z0-9_]+=\d{2,5}(,[A-Z0-9_]+=\d{2,5})*)$/)
    .describe('must be seconds (e.g. 20) or TABLE=seconds pairs (HOUSE_5D=20,SEA_5D=30)'),
  LOTTERY_TICK_SECONDS: z.coerce.number().int().min(0).max(60).describe('must be an integer 0-60'),
  AGENT_SETTLEMENT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .describe('must be an integer 10-86400'),
  AGENT_SALARY_SETTLEMENT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3_600)
    .describe('must be an integer 10-3600'),
  PUBLIC_URL: publicUrl.describe('must be an http(s) URL of the site root, e.g. https://play.example.com'),
  OIDC_GOOGLE_ISSUER: issuerUrl.describe('must be an https issuer URL (http only on loopback)'),
  OIDC_GOOGLE_CLIENT_ID: oidcClientId.describe('must be 1-512 characters'),
  OIDC_GOOGLE_CLIENT_SECRET: oidcClientSecret.describe('must be 1-1024 characters'),
  OIDC_FACEBOOK_ISSUER: issuerUrl.describe('must be an https issuer URL (http only on loopback)'),
  OIDC_FACEBOOK_CLIENT_ID: oidcClientId.describe('must be 1-512 characters'),
  OIDC_FACEBOOK_CLIENT_SECRET: oidcClientSecret.describe('must be 1-1024 characters'),
} as const;

/** Variables never echoed back in an error (their length only). */
const SECRETS: ReadonlySet<string> = new Set([
  'OPERATOR_TOKEN',
  'METRICS_TOKEN',
  'OIDC_GOOGLE_CLIENT_SECRET',
  'OIDC_FACEBOOK_CLIENT_SECRET',
]);

type FieldName = keyof typeof fields;

function read<K extends FieldName>(env: Env, name: K): z.output<(typeof fields)[K]> | undefined {
  const raw = env[name];
  if (empty(raw)) return undefined;
  const schema = fields[name];
  const result = schema.safeParse(raw.trim());
  if (!result.success) {
    // Never echo a secret back into logs.
    const shown = SECRETS.has(name) ? `${raw.length} characters` : JSON.stringify(raw);
    throw new ConfigError(`Invalid configuration: ${name} ${schema.description} (got ${shown})`);
  }
  return result.data as z.output<(typeof fields)[K]>;
}

const resolveDir = (p: string): string => path.resolve(REPO_ROOT, p);

const OIDC_VARS = {
  google: ['OIDC_GOOGLE_ISSUER', 'OIDC_GOOGLE_CLIENT_ID', 'OIDC_GOOGLE_CLIENT_SECRET'],
  facebook: ['OIDC_FACEBOOK_ISSUER', 'OIDC_FACEBOOK_CLIENT_ID', 'OIDC_FACEBOOK_CLIENT_SECRET'],
} as const satisfies Record<SocialProvider, readonly [FieldName, FieldName, FieldName]>;

/** A provider is configured by all three of its variables or none: a half-configured one is a mistake. */
function readOidc(env: Env): Config['oidc'] {
  const out: Config['oidc'] = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const [issuerVar, idVar, secretVar] = OIDC_VARS[provider];
    const issuer = read(env, issuerVar);
    const clientId = read(env, idVar);
    const clientSecret = read(env, secretVar);
    const given = [issuer, clientId, clientSecret].filter((v) => v !== undefined).length;
    if (given === 0) continue;
    if (issuer === undefined || clientId === undefined || clientSecret === undefined) {
      const missing = OIDC_VARS[provider].filter((name) => empty(env[name]));
      throw new ConfigError(
        `Invalid configuration: ${missing.join(', ')} must be set too (${provider} sign-in needs issuer, client id and secret)`,
      );
    }
    out[provider] = { issuer, clientId, clientSecret };
  }
  return out;
}

/** Reads and validates the configuration; throws ConfigError naming the first bad variable. Pure. */
export function loadConfig(env: Env): Config {
  const databaseUrl = read(env, 'DATABASE_URL');
  const trust = read(env, 'TRUST_PROXY') ?? false;
  const port = read(env, 'PORT') ?? 8080;
  const nodeEnv = read(env, 'NODE_ENV') ?? 'development';
  const operatorToken = read(env, 'OPERATOR_TOKEN');
  const metricsToken = read(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken === operatorToken) {
    // The scraper's secret sits in monitoring configuration: it must not also open the back office.
    throw new ConfigError('Invalid configuration: METRICS_TOKEN must differ from OPERATOR_TOKEN');
  }
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    nodeEnv,
    databaseUrl,
    dataDir: resolveDir(read(env, 'DATA_DIR') ?? 'data'),
    redisUrl: read(env, 'REDIS_URL'),
    merchant: read(env, 'MERCHANT') ?? 'banca',
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    logFormat: read(env, 'LOG_FORMAT') ?? (nodeEnv === 'development' ? 'pretty' : 'json'),
    trustProxy: trust,
    countryHeader: read(env, 'COUNTRY_HEADER')?.toLowerCase(),
    operatorToken,
    metricsToken,
    // A server database is never filled with demo content unless asked explicitly.
    seedDemo: read(env, 'SEED_DEMO') ?? databaseUrl === undefined,
    webDist: resolveDir(read(env, 'WEB_DIST') ?? 'apps/web/dist'),
    backofficeDist: resolveDir(read(env, 'BACKOFFICE_DIST') ?? 'apps/backoffice/dist'),
    bodyLimit: read(env, 'BODY_LIMIT') ?? 1024 * 1024,
    publicUrl: (read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    oidc: readOidc(env),
    sandboxAllowRemote: read(env, 'SANDBOX_ALLOW_REMOTE') ?? false,
    agentPromote: read(env, 'AGENT_PROMOTE') ?? true,
    ledgerHouseBuckets: read(env, 'LEDGER_HOUSE_BUCKETS') ?? 16,
    houseGatewayUrl: read(env, 'HOUSE_GATEWAY_URL')?.replace(/\/+$/, ''),
    lotteryPeriodSeconds: read(env, 'LOTTERY_PERIOD_SECONDS'),
    lotteryTickSeconds: read(env, 'LOTTERY_TICK_SECONDS') ?? (nodeEnv === 'test' ? 0 : 2),
    agentSettlementSeconds: read(env, 'AGENT_SETTLEMENT_SECONDS') ?? 3600,
    agentSalarySettlementSeconds: read(env, 'AGENT_SALARY_SETTLEMENT_SECONDS') ?? 300,
  };
}
