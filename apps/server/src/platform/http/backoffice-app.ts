import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BACKOFFICE_BASE } from '@banca/contract';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Never in a search engine: the header covers every answer under the path, the page has the meta too. */
const NO_INDEX = 'noindex, nofollow, noarchive';

const BUILD_HINT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Banca back office</title></head>
<body><h1>The back-office app is not built yet</h1>
<p>Run <code>npm run build</code>, then reload this page.</p></body></html>
`;

const underBase = (url: string): boolean =>
  url === BACKOFFICE_BASE || url.startsWith(`${BACKOFFICE_BASE}/`) || url.startsWith(`${BACKOFFICE_BASE}?`);

/**
 * Serves the operators' app (apps/backoffice, its own Vite build) under /backoffice: a bundle of its
 * own, so no member page ever loads its code. Hashed assets are cached for a year and sent as the
 * brotli or gzip copy the build wrote beside them; every other path under /backoffice is the app's
 * index.html (its router's deep links), revalidated on every load. Every answer under the path says
 * `X-Robots-Tag: noindex`.
 */
export async function registerBackofficeApp(app: FastifyInstance, dist: string): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    if (underBase(request.url)) reply.header('x-robots-tag', NO_INDEX);
    done();
  });

  const indexPath = path.join(dist, 'index.html');
  if (existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `${BACKOFFICE_BASE}/`,
      // One route per built file: the catch-all below then answers the app's own paths.
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      etag: true,
      preCompressed: true,
      allowedPath: (pathName) => !pathName.endsWith('/index.html'),
      setHeaders: (reply, filePath) => {
        const rel = path.relative(dist, filePath).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    // A hashed file that does not exist is a 404, not the page (a stale tab after a release).
    if (request.url.startsWith(`${BACKOFFICE_BASE}/assets/`)) return reply.callNotFound();
    let html: string;
    try {
      html = await readFile(indexPath, 'utf8');
    } catch {
      html = BUILD_HINT;
    }
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  app.get(BACKOFFICE_BASE, { schema: { hide: true } }, serveIndex);
  app.get(`${BACKOFFICE_BASE}/*`, { schema: { hide: true } }, serveIndex);
}
