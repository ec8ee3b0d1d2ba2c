import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createLogger, OneLineLogController } from './platform/logging.ts';
import { ok, SYSTEM_STATUS, type Startup } from '@banca/contract';
import type { Config, TrustProxy } from './platform/config.ts';
import type { Database, Db } from './database.ts';
import { ensureServerKey } from './platform/crypto/server-keys.ts';
import { JOSE_CONTENT_TYPE } from './platform/http/contract-route.ts';
import { installErrorHandling, sendErrorCode, type HtmlFallback } from './platform/http/error-handler.ts';
import { isApiPath } from './platform/http/api-paths.ts';
import { registerSpa } from './platform/http/spa.ts';
import { registerBackofficeApp } from './platform/http/backoffice-app.ts';
import { createFirstPaint } from './platform/http/first-paint.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import { registerCompression } from './platform/http/compression.ts';
import { createVisitorReader } from './platform/http/visitor.ts';
import { installRouteAuth } from './platform/http/route-auth.ts';
import { responseSerializerCompiler } from './platform/http/response-serializer.ts';
import { openRateLimitStore, type RateLimitStoreHandle } from './platform/rate-limit/rate-limit-store.ts';
import { createAuthLimits, type AuthLimitName } from './platform/rate-limit/auth-limits.ts';
import type { RateLimitRule } from './platform/rate-limit/rate-limiter.ts';
import { asOutboxDb } from './platform/providers/outbox.repository.ts';
import type { EmailProvider, SmsProvider } from './platform/providers/providers.ts';
import { SandboxEmailProvider, SandboxSmsProvider } from './platform/providers/sandbox-providers.ts';
import {
  UnconfiguredEmailProvider,
  UnconfiguredSmsProvider,
} from './platform/providers/unconfigured-providers.ts';
import { createOidcClients } from './platform/oidc/oidc-clients.ts';
import { installMetrics } from './platform/metrics/metrics.ts';
import { pingDatabase } from './platform/db/ping.ts';
import type { ServerModule } from './platform/http/server-module.ts';
import { merchantSettingsFrom, SystemService, systemModule } from './modules/system/index.ts';
import { createBackOffice, operatorModule } from './modules/operator/index.ts';
import { authenticate, sessionModule, sessionsForMembers } from './modules/session/index.ts';
import { verificationModule } from './modules/verification/index.ts';
import { memberModule } from './modules/member/index.ts';
import { paymentPasswordsForMembers, walletModule } from './modules/wallet/index.ts';
import { agentModule } from './modules/agent/index.ts';
import { gamesModule } from './modules/games/index.ts';
import { houseVendorModule } from './modules/house-vendor/index.ts';
import { contentModule } from './modules/content/index.ts';
import { reportsModule } from './modules/reports/index.ts';
// Agent contracts (issue 24).
import { agentContractsModule } from './modules/agent-contracts/index.ts';
import { memberDeskModule } from './modules/member-desk/index.ts';
import { messagesModule } from './modules/messages/index.ts';
import { registerArtRoute } from './platform/art/art.ts';
import { CaptchaAnswerLog, devModule } from './modules/dev/index.ts';
import { createDispatcher, type Dispatcher } from './platform/events/event-dispatcher.ts';
import { eventPruneJob } from './platform/events/event.jobs.ts';
import { registerEventOpsRoutes } from './platform/events/event-ops.ts';
import { registerEventDevRoutes } from './platform/events/event-dev-routes.ts';
import type { ScheduledJob } from './platform/jobs/scheduler.ts';
import { deriveServerSecret } from './platform/crypto/derived-secret.ts';
import { openLiveChannel, type LiveChannel } from './platform/live/live-channel.ts';
import {
  UnconfiguredPaymentProvider,
  type PaymentProvider,
} from './platform/providers/payments/payment-provider.ts';
import { SandboxPixProvider } from './platform/providers/payments/sandbox-pix-provider.ts';
import { registerSandboxPixRoutes } from './platform/providers/payments/sandbox-pix.routes.ts';
import type { SandboxPixTables } from './platform/providers/payments/sandbox-pix.table.ts';
import type { Kysely } from 'kysely';
import { depositCallbacks } from '@banca/contract';

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: Logger;
  /** Tests may tighten or loosen the abuse limits (e.g. a small registration limit). */
  authLimits?: Partial<Record<AuthLimitName, Partial<Omit<RateLimitRule, 'name'>>>>;
  /** Real SMS / e-mail gateways. Default: the sandbox outbox outside production; none in production. */
  providers?: { sms: SmsProvider; email: EmailProvider };
  /** A real payment provider. Default: the sandbox PIX provider outside production; none in production. */
  payments?: PaymentProvider;
  /** Tests shorten how often an open live stream re-checks its session (default 10 s). */
  streamRecheckMs?: number;
  /** The live channel's name (default `live:<merchant>`): tests sharing one Redis keep theirs apart. */
  liveChannelName?: string;
  /**
   * A live channel opened by the caller (who closes it): tests give two nodes in one process one
   * memory channel, as Redis joins separate processes. Default: opened from the config.
   */
  live?: LiveChannel;
}

/** An incoming X-Request-Id is kept only if it is a short plain token (it ends up in logs). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The SPA's policy: everything from our own origin; images may come from CDNs over https. */
const SPA_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Pages a game vendor serves on this site (the house and sandbox vendors' game pages), not their APIs. */
const FRAMEABLE_PAGE_PREFIXES = ['/house/', '/sandbox/'];
const isFrameablePage = (url: string): boolean =>
  FRAMEABLE_PAGE_PREFIXES.some((prefix) => url.startsWith(prefix)) && !isApiPath(url);

/** Swagger UI ships inline bootstrap code: only /docs gets this looser policy. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
  "connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/**
 * Fastify 5 treats a bare hop count as "trust nothing" (it cannot check the direct peer), so a count
 * is given as a function trusting that many hops. Use a count only when the gateway is reachable
 * solely through the proxies; otherwise list their addresses.
 */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export async function buildApp({
  config,
  db,
  logger,
  authLimits,
  providers,
  payments,
  streamRecheckMs,
  liveChannelName,
  live: givenLive,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config.logLevel),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    logController: new OneLineLogController(),
  }) as unknown as FastifyInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // First, so every plugin and route registered below inherits the one error handler.
  // The SPA fallback is known only once the static plugin is registered, at the end.
  const spa: { fallback?: HtmlFallback } = {};
  installErrorHandling(app, {
    htmlFallback: (request, reply) =>
      spa.fallback ? spa.fallback(request, reply) : sendErrorCode(request, reply, 'not_found'),
  });

  // GET /metrics for a scraper with METRICS_TOKEN. First, before any route: it hooks each route as
  // it is registered. The dispatcher's consumers are asked at each scrape (it is built further down).
  installMetrics(app, { db, token: config.metricsToken, consumers: () => app.events.consumers });

  // The global hooks below run on every request: callback style (no promise, no microtask each).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // API answers depend on the visitor and on live settings: never let a browser or proxy cache them.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  installSecurityHeaders(app, {
    contentSecurityPolicy: { useDefaults: false, directives: SPA_CSP },
    // Same-origin app: no cross-origin isolation needed, and COEP would block CDN images.
    crossOriginEmbedderPolicy: false,
  });
  // Game pages run inside the lobby's game popup, an iframe of this same site: they may be framed by
  // our own origin (and only it); every other page keeps frame-ancestors 'none'.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isFrameablePage(request.url)) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        );
      }
    }
    done(null, payload);
  });
  // Before every route: the plugin hooks each route as it is added.
  await registerCompression(app);
  await app.register(formbody);
  // Cookies are parsed only where read (the back office's session), never on every request.
  await app.register(cookie, { hook: false });
  // enc bodies arrive as compact JWE text; the route's preValidation hook opens them.
  app.addContentTypeParser(JOSE_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Banca gateway',
        description:
          'Every call answers the envelope { success, code, message, value }. Generated from @banca/contract.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP });

  const serverKey = await ensureServerKey(db);
  const visitor = createVisitorReader(config);
  const system = new SystemService({
    db,
    merchantCode: config.merchant,
    serverKey,
    socialConfigured: { google: !!config.oidc.google, facebook: !!config.oidc.facebook },
  });
  app.decorate('system', system);

  // Rate-limit counters: Redis when REDIS_URL is set (shared by every node), memory otherwise.
  const rateLimits: RateLimitStoreHandle = openRateLimitStore(config.redisUrl, `rl:${config.merchant}`);
  app.addHook('onClose', () => rateLimits.close());
  const production = config.nodeEnv === 'production';
  const captchas = production ? undefined : new CaptchaAnswerLog();
  const outbox = asOutboxDb(db);
  // One bag for the account modules (verification, member, session); each types what it uses.
  const auth = {
    db,
    limits: createAuthLimits(rateLimits.store, authLimits),
    sms: providers?.sms ?? (production ? new UnconfiguredSmsProvider() : new SandboxSmsProvider(outbox)),
    email:
      providers?.email ?? (production ? new UnconfiguredEmailProvider() : new SandboxEmailProvider(outbox)),
    settings: merchantSettingsFrom(system, config.merchant),
    clock: () => new Date(),
    // member cannot import session (session imports member): session's service is handed over here.
    sessions: sessionsForMembers,
    // Likewise the wallet's payment password, which registration may set (the wallet imports member).
    paymentPasswords: paymentPasswordsForMembers,
    ...(captchas ? { captchaIssued: captchas.record } : {}),
  };
  // Live balance: Redis pub/sub when REDIS_URL is set (every node delivers), memory otherwise.
  const live: LiveChannel =
    givenLive ?? openLiveChannel(config.redisUrl, liveChannelName ?? `live:${config.merchant}`);
  if (!givenLive) app.addHook('onClose', () => live.close());
  // Deposits: the sandbox PIX provider outside production. Its webhook reaches this gateway through
  // its own HTTP stack (signature check included), as a provider's would over the network; the
  // secret is derived from the server key, so every node checks what any node's sandbox signed.
  const sandboxPixSecret = production ? undefined : await deriveServerSecret(db, 'sandbox-pix-webhook');
  let sandboxPix: SandboxPixProvider | undefined;
  if (!payments && sandboxPixSecret) {
    sandboxPix = new SandboxPixProvider(db as unknown as Kysely<SandboxPixTables>, {
      merchantName: config.merchant,
      merchantCity: 'Sao Paulo',
      secret: sandboxPixSecret,
      send: async (raw, headers) =>
        (await app.inject({ method: 'POST', url: depositCallbacks.sandboxPix.path, payload: raw, headers }))
          .statusCode,
    });
  }
  // Named operators, their 2FA logins, sessions and the audit; OPERATOR_TOKEN is only the bootstrap.
  const siteOrigins = [new URL(config.publicUrl).origin];
  const backOffice = createBackOffice({
    db,
    merchantCode: config.merchant,
    bootstrapToken: config.operatorToken,
    limits: {
      perAccount: auth.limits.operatorLoginFailuresPerAccount,
      perIp: auth.limits.operatorLoginFailuresPerIp,
    },
    ip: (request) => visitor(request).ip,
    siteOrigins,
  });
  const context = {
    db,
    merchantCode: config.merchant,
    live,
    payments: payments ?? sandboxPix ?? new UnconfiguredPaymentProvider(),
    sandboxPixSecret,
    streamTicketKey: await deriveServerSecret(db, 'live-stream-ticket'),
    ...(streamRecheckMs ? { streamRecheckMs } : {}),
    serverKey,
    visitor,
    system,
    /** /ops access for every module's back-office routes. */
    ops: backOffice.ops,
    operatorDeps: backOffice.operatorDeps,
    /** The back-office cookie is Secure in production. */
    secureCookies: production,
    siteOrigins,
    auth,
    social: { oidc: createOidcClients(config.oidc), publicUrl: config.publicUrl },
    captchas,
    sandboxAllowRemote: config.sandboxAllowRemote,
    /** Agents may promote a direct downline member to agent (AGENT_PROMOTE). */
    agentPromote: config.agentPromote,
    houseBuckets: config.ledgerHouseBuckets,
    houseGatewayUrl: config.houseGatewayUrl,
    lotteryPeriodSeconds: config.lotteryPeriodSeconds,
    lotteryTickSeconds: config.lotteryTickSeconds,
    agentSettlementSeconds: config.agentSettlementSeconds,
    agentSalarySettlementSeconds: config.agentSalarySettlementSeconds,
    /** Sandbox rails (payouts): everywhere but production. */
    sandbox: !production,
  };
  type AppContext = typeof context;

  // Before any module's token route: registerRoute checks tokens with the session module.
  installRouteAuth(app, (token, read) => authenticate(auth, token, read));
  // The system guard's hook first, so maintenance and region blocks apply to every module's routes.
  const modules: readonly ServerModule<AppContext, Database>[] = [
    systemModule,
    operatorModule,
    sessionModule,
    verificationModule,
    memberModule,
    walletModule,
    agentModule,
    gamesModule,
    houseVendorModule,
    contentModule,
    reportsModule,
    memberDeskModule,
    messagesModule,
    devModule,
    // Agent contracts (issue 24); after devModule, whose hook keeps /dev routes to loopback.
    agentContractsModule,
  ];
  for (const module of modules) await module.register(app, context);
  if (sandboxPix) registerSandboxPixRoutes(app, sandboxPix, { allowRemote: config.sandboxAllowRemote });
  // What main.ts's scheduler runs: every module's jobs, and the platform's event pruning.
  app.decorate('scheduledJobs', [
    ...modules.flatMap((module) => module.jobs?.(context, app) ?? []),
    eventPruneJob<Database>(),
  ]);

  // Domain events reach their consumers after the commit; every node runs the loop, the cursor
  // locks share the work out. No consumers, no loop.
  const consumers = modules.flatMap((module) => module.consumers?.(context) ?? []);
  const events = createDispatcher({ db, consumers, log: app.log });
  app.decorate('events', events);
  app.addHook('onReady', async () => events.start());
  app.addHook('onClose', () => events.stop());
  registerEventOpsRoutes(app, { db, consumers: events.consumers, ops: backOffice.ops });
  // Outside production only, with the dev module's /dev routes (loopback).
  if (captchas) registerEventDevRoutes(app, { db, consumers: events.consumers });
  // A write may have committed events: look soon rather than at the next poll.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') events.nudge();
    done();
  });

  registerArtRoute(app, db);

  app.get('/healthz', { schema: { hide: true } }, async () => ok({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await pingDatabase(db);
      return ok({ status: 'ok' });
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return sendErrorCode(request, reply, 'unavailable', { status: 'unavailable' });
    }
  });

  // The first paint needs no API round trip: index.html arrives with the visitor's start-up data,
  // and `/` with the home's first answers when the visitor is to see the home (not a visitor the
  // maintenance or region-blocked page is for: they get none of the catalogue).
  // The operators' app: its own bundle under /backoffice (members never download it), never indexed.
  await registerBackofficeApp(app, config.backofficeDist);
  const homeFirstPaint = createFirstPaint(app);
  spa.fallback = await registerSpa(app, config.webDist, {
    startupData: (request) => system.startup(visitor(request)),
    siteName: (startup) => (startup as Startup).whitelabel.siteName,
    firstPaint: async (startup) =>
      (startup as Startup | undefined)?.status.systemStatus === SYSTEM_STATUS.NORMAL
        ? homeFirstPaint()
        : null,
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    system: SystemService;
    events: Dispatcher;
    scheduledJobs: readonly ScheduledJob<Database>[];
  }
}
