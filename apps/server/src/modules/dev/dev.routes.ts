import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@banca/contract';
import { AppError } from '../../platform/http/app-error.ts';
import type { DevService, OutboxMessage } from './dev.service.ts';

const outboxQuerySchema = z.strictObject({
  recipient: z.string().trim().min(1).max(254).optional(),
  channel: z.enum(['sms', 'email']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function outboxPage(messages: OutboxMessage[], filter: z.output<typeof outboxQuerySchema>): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${m.id}</td><td>${escapeHtml(m.createdAt)}</td><td>${m.channel}</td>` +
        `<td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.subject ?? '')}</td>` +
        `<td><pre>${escapeHtml(m.body)}</pre></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox outbox</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}pre{margin:0;white-space:pre-wrap}</style>
</head><body>
<h1>Sandbox outbox</h1>
<p>Development only: SMS and e-mail the sandbox providers would have sent, newest first. Not served in production.</p>
<form method="get"><label>Recipient <input name="recipient" value="${escapeHtml(filter.recipient ?? '')}"></label>
<label>Channel <select name="channel"><option value="">any</option>
<option value="sms"${filter.channel === 'sms' ? ' selected' : ''}>sms</option>
<option value="email"${filter.channel === 'email' ? ' selected' : ''}>email</option></select></label>
<button>Filter</button></form>
<table><thead><tr><th>id</th><th>sent</th><th>channel</th><th>recipient</th><th>subject</th><th>body</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="6">No messages.</td></tr>'}
</tbody></table>
</body></html>`;
}

/** The client as the gateway sees it (the proxy's X-Forwarded-For only when TRUST_PROXY trusts it). */
function fromLoopback(request: FastifyRequest): boolean {
  try {
    return ipaddr.process(request.ip).range() === 'loopback';
  } catch {
    return false;
  }
}

const LOOPBACK_ONLY =
  'Sandbox endpoints answer only clients on this machine (loopback). Set SANDBOX_ALLOW_REMOTE=true to open them.';

/**
 * Dev-only endpoints, registered only when NODE_ENV is not production (in production the paths answer
 * the 404 envelope like any unknown path). They reveal every SMS code, temporary password and captcha
 * answer, so they answer loopback clients only (403 `forbidden` to anyone else) unless
 * `allowRemote` (SANDBOX_ALLOW_REMOTE) opens them:
 * - GET /dev/outbox?recipient=&channel=&limit=  the envelope with `value.messages`, newest first
 * - GET /dev/outbox.html                         the same as a page for people
 * - GET /dev/captcha/:captchaId                  `value.answer` of a recent captcha (e2e tests)
 */
export function registerDevRoutes(
  app: FastifyInstance,
  dev: DevService,
  options: { allowRemote: boolean },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/dev/') || options.allowRemote || fromLoopback(request)) return;
    throw new AppError('forbidden', { reason: 'loopback_only' }, LOOPBACK_ONLY);
  });
  typed.get('/dev/outbox', { schema: { hide: true, querystring: outboxQuerySchema } }, async (request) =>
    ok({ messages: await dev.outbox(request.query) }),
  );
  typed.get(
    '/dev/outbox.html',
    { schema: { hide: true, querystring: outboxQuerySchema } },
    async (request, reply) => {
      const messages = await dev.outbox(request.query);
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        )
        .send(outboxPage(messages, request.query));
    },
  );
  typed.get(
    '/dev/captcha/:captchaId',
    { schema: { hide: true, params: z.strictObject({ captchaId: z.string().max(64) }) } },
    async (request) => {
      const answer = dev.captchaAnswer(request.params.captchaId);
      if (answer === undefined) throw new AppError('not_found');
      return ok({ answer });
    },
  );
}
