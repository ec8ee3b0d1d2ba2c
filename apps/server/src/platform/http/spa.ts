import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STARTUP_ELEMENT_ID } from '@banca/contract';
import { FIRST_PAINT_ELEMENT_ID } from '@banca/contract/routes';
import type { FirstPaint } from './first-paint.ts';

/** favicon.ico and robots.txt shipped with the server, used when the SPA build lacks them. */
const SERVER_STATIC = fileURLToPath(new URL('../../../static/', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html carries the visitor's own start-up data (their IP, their status): never a shared copy. */
const INDEX_CACHE = 'private, no-cache';

const BUILD_HINT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Banca</title></head>
<body><h1>Banca gateway is running</h1>
<p>The web app is not built yet. Run <code>npm run build</code>, then reload this page.</p>
<p>API documentation: <a href="/docs">/docs</a></p></body></html>
`;

const EXTRA_FILES: Record<string, string> = {
  'favicon.ico': 'image/x-icon',
  'robots.txt': 'text/plain; charset=utf-8',
};

/**
 * JSON that is safe inside a `<script>` element: `<`, `>` and `&` escaped, so no value (a site name,
 * a URL) can close the element or open a comment; U+2028 and U+2029 escaped for old parsers.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Inserts `tags` at the end of index.html's head. */
const intoHead = (html: string, tags: string): string => {
  const head = html.indexOf('</head>');
  return head === -1 ? tags + html : html.slice(0, head) + tags + html.slice(head);
};

/** A `<script type="application/json">` element: the browser never runs it (the CSP's script-src does not apply); the app parses it. */
const jsonElement = (id: string, data: unknown): string =>
  `<script id="${id}" type="application/json">${jsonForScript(data)}</script>`;

/** An attribute value: quotes and the characters that could end or change it escaped. */
const attribute = (value: string): string => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html with the start-up data in a JSON element at the end of its head. */
export const withStartupData = (html: string, data: unknown): string =>
  intoHead(html, jsonElement(STARTUP_ELEMENT_ID, data));

/**
 * index.html with the home's first answers (a JSON element) and a preload of the images its first
 * paint shows largest, so the banner is fetched while the scripts load rather than after them.
 */
export const withFirstPaint = (html: string, { answers, preloadImages }: FirstPaint): string =>
  intoHead(
    html,
    preloadImages
      .map((href) => `<link rel="preload" as="image" href="${attribute(href)}" fetchpriority="high">`)
      .join('') + (answers.length > 0 ? jsonElement(FIRST_PAINT_ELEMENT_ID, answers) : ''),
  );

/** index.html titled with the site's name (white-label): the app titles each page `<page> · <name>`
 *  from the served title (apps/web NavigationEffects), and a shared link's preview shows it. */
export const withTitle = (html: string, title: string): string =>
  html.replace(/<title>[^<]*<\/title>/, () => `<title>${attribute(title)}</title>`);

export interface SpaOptions {
  /**
   * The start-up data for this visitor (GET /wps/system/startup's value), inlined into index.html so
   * the first paint waits on no API call. Without it, or when it fails, the page goes without and the
   * app makes that one call itself.
   */
  startupData?: (request: FastifyRequest) => Promise<unknown>;
  /** The site's name in the visitor's start-up data, for the page's title (withTitle). */
  siteName?: (startup: unknown) => string | undefined;
  /**
   * For `/` only: the home lobby's first answers and its largest image (createFirstPaint), so the
   * home paints whole without an API round trip; given the visitor's start-up data, null when the
   * visitor is not to see the home (maintenance, region blocked). Without it, or when it fails, the
   * app calls as usual.
   */
  firstPaint?: (startup: unknown) => Promise<FirstPaint | null>;
}

/**
 * Serves the built SPA from WEB_DIST. Hashed files under /assets/ are cached for a year and sent as
 * the brotli or gzip copy the build wrote beside them (preCompressed: chosen by Accept-Encoding, with
 * `Vary: Accept-Encoding`); index.html is filled per request with the visitor's start-up data and
 * revalidated on every load, so a new release and a changed status are picked up at once. Returns the
 * history fallback the not-found handler uses for GETs that want HTML.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  options: SpaOptions = {},
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>> {
  const indexPath = path.join(webDist, 'index.html');

  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      cacheControl: false,
      etag: true,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const rel = path.relative(webDist, filePath).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  /** The visitor's start-up data, or undefined without it (the app then makes that call). */
  const startupOf = async (request: FastifyRequest): Promise<unknown> => {
    if (!options.startupData) return undefined;
    try {
      return await options.startupData(request);
    } catch (err) {
      request.log.warn({ err }, 'index.html served without start-up data; the app will fetch it');
      return undefined;
    }
  };

  const firstPaintTags = async (request: FastifyRequest, startup: unknown, html: string): Promise<string> => {
    // The home, with or without a query (a campaign link, a token hand-over).
    if (!options.firstPaint || request.url.split('?', 1)[0] !== '/') return html;
    try {
      const firstPaint = await options.firstPaint(startup);
      return firstPaint ? withFirstPaint(html, firstPaint) : html;
    } catch (err) {
      request.log.warn({ err }, 'index.html served without the first-paint answers; the app will call');
      return html;
    }
  };

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    let html: string;
    try {
      const index = await readFile(indexPath, 'utf8');
      const startup = await startupOf(request);
      const siteName = startup === undefined ? undefined : options.siteName?.(startup);
      const titled = siteName ? withTitle(index, siteName) : index;
      html = await firstPaintTags(
        request,
        startup,
        startup === undefined ? titled : withStartupData(titled, startup),
      );
    } catch {
      html = BUILD_HINT;
    }
    return reply.code(200).header('cache-control', INDEX_CACHE).type('text/html; charset=utf-8').send(html);
  };

  app.get('/', { schema: { hide: true } }, serveIndex);
  app.get('/index.html', { schema: { hide: true } }, serveIndex);

  for (const [name, type] of Object.entries(EXTRA_FILES)) {
    app.get(`/${name}`, { schema: { hide: true } }, async (_request, reply) => {
      const fromDist = path.join(webDist, name);
      const file = await readFile(existsSync(fromDist) ? fromDist : path.join(SERVER_STATIC, name));
      return reply.header('cache-control', 'public, max-age=86400').type(type).send(file);
    });
  }

  return serveIndex;
}
