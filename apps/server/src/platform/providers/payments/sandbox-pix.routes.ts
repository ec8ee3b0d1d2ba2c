import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { pixQrSvg, type PayOutcome, type SandboxPixProvider } from './sandbox-pix-provider.ts';

/**
 * SANDBOX ONLY (never registered in production): the sandbox PIX provider's own pages, standing in for
 * a payer's bank app. Like /dev they answer loopback clients only unless SANDBOX_ALLOW_REMOTE.
 * - GET  /sandbox/pix/:ref          the charge (amount, txid, expiry, QR, copy-and-paste) and buttons
 * - POST /sandbox/pix/:ref/pay      pays it and sends the signed webhook (form field `late=1` pays a
 *                                   charge past its expiry; `silent=1` pays without the webhook, for
 *                                   reconciliation)
 * - POST /sandbox/pix/:ref/replay   sends the paid webhook again
 * The forms post back and the page shows the outcome (a plain HTML page: no script, strict CSP).
 */
export const SANDBOX_PIX_PREFIX = '/sandbox/pix';

const REF = /^SBX[0-9A-F]{24}$/;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const fromLoopback = (request: FastifyRequest): boolean => {
  try {
    return ipaddr.process(request.ip).range() === 'loopback';
  } catch {
    return false;
  }
};

const reais = (minor: number): string => {
  const s = String(minor).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const MESSAGES: Record<string, string> = {
  paid: 'Paid. The webhook was sent to the gateway.',
  paid_silent: 'Paid without a webhook: the reconcile job will find it.',
  replayed: 'Webhook sent again.',
  not_found: 'No such charge.',
  expired: 'This charge has expired. Use "Pay late" to pay it anyway.',
  already_paid: 'This charge is already paid.',
  not_paid: 'This charge is not paid yet: nothing to replay.',
};

async function page(provider: SandboxPixProvider, ref: string, notice: string | undefined, now: Date) {
  const row = await provider.find(ref);
  if (!row) return undefined;
  const expired = row.status !== 'paid' && row.expires_at <= now;
  const state = row.status === 'paid' ? 'paid' : expired ? 'expired' : 'waiting for payment';
  const qr = Buffer.from(await pixQrSvg(row.payload)).toString('base64');
  const button = (action: string, label: string, extra = '') =>
    `<form method="post" action="${SANDBOX_PIX_PREFIX}/${ref}/${action}">${extra}<button type="submit">${label}</button></form>`;
  const buttons =
    row.status === 'paid'
      ? button('replay', 'Replay webhook')
      : expired
        ? button('pay', 'Pay late', '<input type="hidden" name="late" value="1">')
        : button('pay', 'Pay') +
          button('pay', 'Pay without webhook', '<input type="hidden" name="silent" value="1">');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox PIX: ${escapeHtml(row.currency)} ${reais(row.amount)}</title>
<style>
body{font:16px system-ui,sans-serif;margin:0;background:#0f172a;color:#e2e8f0}
main{max-width:28rem;margin:0 auto;padding:1.5rem}
.badge{display:inline-block;background:#f59e0b;color:#111;border-radius:4px;padding:.1rem .5rem;font-size:.8rem;font-weight:700}
h1{font-size:1.4rem;margin:.6rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem .8rem}dt{color:#94a3b8}dd{margin:0;word-break:break-all}
img{background:#fff;border-radius:8px;width:12rem;height:12rem;display:block;margin:1rem 0}
form{display:inline-block;margin:.3rem .5rem .3rem 0}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:0;background:#22c55e;color:#052e16;font-weight:700;cursor:pointer}
.notice{background:#1e293b;border-left:4px solid #38bdf8;padding:.6rem .8rem;margin:1rem 0}
textarea{width:100%;min-height:5rem;background:#1e293b;color:#e2e8f0;border:1px solid #334155;border-radius:6px;font:12px monospace}
</style></head><body><main>
<span class="badge">SANDBOX</span>
<h1>PIX charge: ${escapeHtml(row.currency)} ${reais(row.amount)}</h1>
<p>A sandbox payment provider: no real money moves. Paying here sends the signed webhook a real provider would send.</p>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<dl><dt>Status</dt><dd id="status">${state}</dd><dt>txid</dt><dd>${escapeHtml(row.charge_id)}</dd>
<dt>Expires</dt><dd>${row.expires_at.toISOString()}</dd>${row.paid_at ? `<dt>Paid</dt><dd>${row.paid_at.toISOString()}</dd>` : ''}</dl>
<img alt="PIX QR code" src="data:image/svg+xml;base64,${qr}">
<label for="payload">PIX copia e cola</label>
<textarea id="payload" readonly>${escapeHtml(row.payload)}</textarea>
<div>${buttons}</div>
</main></body></html>`;
}

export function registerSandboxPixRoutes(
  app: FastifyInstance,
  provider: SandboxPixProvider,
  options: { allowRemote: boolean; now?: () => Date },
): void {
  const now = options.now ?? (() => new Date());
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (options.allowRemote || fromLoopback(request)) return;
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('Sandbox pages answer only clients on this machine (loopback). Set SANDBOX_ALLOW_REMOTE=true.');
    });
    const send = async (reply: FastifyReply, ref: string, notice?: string) => {
      const html = REF.test(ref) ? await page(provider, ref, notice, now()) : undefined;
      return reply
        .code(html ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', CSP)
        .header('cache-control', 'no-store')
        .send(html ?? '<!doctype html><title>Not found</title><p>No such sandbox charge.</p>');
    };
    const outcome = (o: PayOutcome, ok: string) =>
      o.ok ? `${ok} (gateway answered ${o.webhookStatus})` : MESSAGES[o.reason];
    scope.get<{ Params: { ref: string } }>(
      `${SANDBOX_PIX_PREFIX}/:ref`,
      { schema: { hide: true } },
      (request, reply) => send(reply, request.params.ref),
    );
    scope.post<{ Params: { ref: string }; Body: Record<string, string> | undefined }>(
      `${SANDBOX_PIX_PREFIX}/:ref/pay`,
      { schema: { hide: true } },
      async (request, reply) => {
        const ref = request.params.ref;
        if (!REF.test(ref)) return send(reply, ref);
        const form = request.body ?? {};
        const silent = form.silent === '1';
        const result = await provider.pay(ref, { late: form.late === '1', silent });
        const notice =
          result.ok && silent ? (MESSAGES.paid_silent as string) : outcome(result, MESSAGES.paid as string);
        return send(reply, ref, notice);
      },
    );
    scope.post<{ Params: { ref: string } }>(
      `${SANDBOX_PIX_PREFIX}/:ref/replay`,
      { schema: { hide: true } },
      async (request, reply) => {
        const ref = request.params.ref;
        if (!REF.test(ref)) return send(reply, ref);
        return send(reply, ref, outcome(await provider.replay(ref), MESSAGES.replayed as string));
      },
    );
  });
}
