import { expect, test, type Page } from '@playwright/test';
import { openLogin, submitLogin } from './auth-support';
import { setMaintenance, t, totpCode, waitForStatus } from './support';

/**
 * The back-office app (issue 23) as a new operator uses it: enrol the authenticator at the first
 * login (the code computed here from the key the page shows, as the app would), put the site into
 * maintenance and see the member site show it, lift it; then a wrong code is refused and a recovery
 * code gets in. Desktop only (the back office is desktop first).
 */
test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await setMaintenance(request, false, null);
  await waitForStatus(request, 0);
});

const newAdmin = async (page: Page) => {
  const username = `bo${Date.now() % 1_000_000_000}`;
  const password = 'e2e-backoffice-pass';
  const created = await page.request.post('/ops/operators', {
    headers: { Authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN ?? ''}` },
    data: { username, password, role: 'admin' },
  });
  expect(created.ok()).toBe(true);
  return { username, password };
};

const passwordStep = async (page: Page, username: string, password: string) => {
  await page.goto('/backoffice/login');
  await expect(page.getByRole('heading', { name: 'Entrar no back office' })).toBeVisible();
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
};

test('a new operator enrols 2FA, puts the site into maintenance and lifts it', async ({
  page,
  context,
  request,
  browser,
}) => {
  const { username, password } = await newAdmin(page);
  await passwordStep(page, username, password);

  // Enrolment: the QR code, its key typed out; the code from the key confirms it.
  await expect(page.getByRole('heading', { name: 'Configure a verificação em duas etapas' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Código QR para o aplicativo autenticador' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Código de verificação').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();

  // Ten recovery codes, shown once.
  await expect(page.getByRole('heading', { name: 'Guarde seus códigos de recuperação' })).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Guarde seus códigos de recuperação' })
    .getByRole('listitem')
    .allInnerTexts();
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: 'Guardei os códigos, continuar' }).click();

  // The session is an httpOnly cookie: page scripts cannot read it.
  const cookie = (await context.cookies()).find((c) => c.name === 'banca_ops');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/ops' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('banca_ops');

  // The shell opens on the dashboard (the first page of a role that reads reports): today's figures
  // from the rollups, GGR being stakes minus payouts (as the reports API says for the same day).
  await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
  const todayFigures = page.getByRole('region', { name: /^Hoje/ });
  await expect(todayFigures.locator('.figure__value')).toHaveCount(9);
  await expect(todayFigures.locator('.figure__value', { hasText: '…' })).toHaveCount(0);
  const day = (await todayFigures.locator('h2 time').getAttribute('datetime')) ?? '';
  const api = await page.request.get(`/ops/reports/dashboard?from=${day}&to=${day}`);
  const totals = (await api.json()).value.totals as { stakes: number; payouts: number; ggr: number };
  expect(totals.ggr).toBe(totals.stakes - totals.payouts);
  const ggr = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(totals.ggr / 100);
  await expect(todayFigures.locator('[data-figure="ggr"] .figure__value')).toHaveText(ggr);
  await expect(page.getByRole('img', { name: /Gráfico por dia/ })).toBeVisible();

  // An admin sees every page.
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link', { name: 'Auditoria' })).toBeVisible();
  await nav.getByRole('link', { name: 'Manutenção e região' }).click();
  await expect(page.getByRole('heading', { name: 'Manutenção e região', level: 1 })).toBeVisible();
  await expect(page.getByTestId('maintenance-state')).toHaveText('O site está aberto');

  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Fim previsto (seu fuso horário)').fill('2031-05-04T15:30');
  await page.getByRole('button', { name: 'Colocar em manutenção' }).click();
  await expect(page.getByTestId('maintenance-state')).toHaveText('O site está em manutenção');
  await waitForStatus(request, 1);

  // The member site shows the maintenance page with the end time.
  const member = await context.newPage();
  await member.goto('/');
  await expect(member.getByRole('heading', { name: t('PT', 'game_maintenance') })).toBeVisible();
  await expect(member.getByText(/2031/)).toBeVisible();

  // Lift it: the member site is back.
  await page.getByRole('button', { name: 'Encerrar manutenção' }).click();
  await expect(page.getByTestId('maintenance-state')).toHaveText('O site está aberto');
  await waitForStatus(request, 0);
  await member.reload();
  await expect(
    member.getByRole('banner').getByRole('button', { name: t('PT', 'header.login') }),
  ).toBeVisible();

  // Both changes are in the audit, by this operator.
  await nav.getByRole('link', { name: 'Auditoria' }).click();
  await page.getByLabel('Quem').fill(username);
  await page.getByLabel('O quê').fill('system.maintenance');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/actor=.*action=system\.maintenance/);
  await expect(page.getByRole('region', { name: 'Auditoria' }).getByRole('row')).toHaveCount(3);

  // Find the demo member, open the profile, lock them: their session in another browser ends; unlock.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/');
  await openLogin(memberPage, 'PT');
  await submitLogin(memberPage, 'PT', 'demo01', 'Demo1234');
  const loginButton = memberPage
    .getByRole('banner')
    .getByRole('button', { name: t('PT', 'header.login'), exact: true });
  await expect(loginButton).toHaveCount(0);
  await nav.getByRole('link', { name: 'Membros' }).click();
  await page.getByLabel('Buscar').fill('demo01');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/q=demo01/);
  await page.getByRole('link', { name: 'demo01', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Membro demo01/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Sessões e IPs' }).click();
  await expect(page.getByText('Ativa', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Bloquear' }).click();
  await page.getByLabel('Motivo (fica na auditoria)').fill('e2e: lock and unlock');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(/Membro bloqueado/)).toBeVisible();
  await memberPage.reload();
  await expect(loginButton).toBeVisible();
  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await page.getByLabel('Motivo (fica na auditoria)').fill('e2e: lock and unlock');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Membro desbloqueado.')).toBeVisible();
  await memberContext.close();

  // Sign out from the operator menu; then a wrong code is refused and a recovery code gets in.
  await page.locator('summary', { hasText: username }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('heading', { name: 'Entrar no back office' })).toBeVisible();

  await passwordStep(page, username, password);
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await page.getByLabel('Código de verificação').fill(totpCode(secret, Date.now() + 10 * 60_000));
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Código de verificação inválido');
  await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
  await page.getByLabel('Código de recuperação').fill(codes[0]!.trim());
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Fila de saques' })).toBeVisible();
});

test('the back office is a bundle of its own, never indexed, never loaded by the member site', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => s.startsWith('/backoffice'))).toEqual([]);

  const res = await page.goto('/backoffice/login');
  expect(res?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});
