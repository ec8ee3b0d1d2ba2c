import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** favicon.ico and robots.txt shipped with the server, used when the SPA build lacks them. */
const SERVER_STATIC = fileURLToPath(new URL('../../../static/', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
 * Serves the built SPA from WEB_DIST. Hashed files under /assets/ are cached for a year; index.html
 * is revalidated on every load so a new release is picked up at once. Returns the history fallback
 * the not-found handler uses for GETs that want HTML.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>> {
  const indexPath = path.join(webDist, 'index.html');

  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      cacheControl: false,
      etag: true,
      setHeaders: (reply, filePath) => {
        const rel = path.relative(webDist, filePath).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const serveIndex = async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    let html: Buffer | string;
    try {
      html = await readFile(indexPath);
    } catch {
      html = BUILD_HINT;
    }
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
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
