import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { useLanguage } from './auth-support';
import { t, totpCode } from './support';

/**
 * The back office's content and catalogue (issue 23 items 6-7) as an operator uses them: post a help
 * article in PT and EN and see the member site show each in its language; disable a game and see the
 * lobby drop it; mark one hot and see /hot show it first; preview a catalogue import; rotate a vendor
 * secret (shown once); edit a customer-service entry and see the member site's customer-service button
 * open it; post a marquee line and see the home page show it; read and edit a game's RTP; rename the
 * site and see the member site's title and footer carry the new name. Both
 * themes and languages, desktop and tablet/phone widths are photographed.
 * Everything the journey changes in the shared catalogue is put back, for the specs that follow.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = '/work/shots/catalogue';
mkdirSync(SHOTS, { recursive: true });
const snap = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false, animations: 'disabled' });

const boPrefs = async (page: Page, lang: 'pt' | 'en', theme: 'dark' | 'light') =>
  page.evaluate(
    ([l, th]) => {
      localStorage.setItem('banca.backoffice.lang', l!);
      localStorage.setItem('banca.backoffice.theme', th!);
    },
    [lang, theme],
  );

/** A new admin, enrolled and logged in (the code from the key the page shows). */
async function loginNewAdmin(page: Page) {
  const username = `bc${Date.now() % 1_000_000_000}`;
  const password = 'e2e-content-pass-01';
  const created = await page.request.post('/ops/operators', {
    headers: { Authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN ?? ''}` },
    data: { username, password, role: 'admin' },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/backoffice/login');
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Código de verificação').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
  await page.getByRole('button', { name: 'Guardei os códigos, continuar' }).click();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
}

const SLUG = `ajuda-e2e-${Date.now() % 100000}`;

test('an operator posts a help article in PT and EN and the member site shows each', async ({
  page,
  browser,
}) => {
  await loginNewAdmin(page);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Central de ajuda' })
    .click();
  await expect(page.getByRole('heading', { name: 'Central de ajuda', level: 1 })).toBeVisible();

  const write = async (lang: 'PT' | 'EN', title: string, body: string) => {
    await page
      .getByRole('button', { name: lang === 'PT' ? 'Novo artigo' : 'New article' })
      .first()
      .click();
    const form = page.locator('form[aria-labelledby="help-editor-title"]');
    await form.getByLabel(lang === 'PT' ? 'Idioma' : 'Language').selectOption(lang);
    await form.getByLabel(lang === 'PT' ? 'Identificador' : 'Slug').fill(SLUG);
    await form.getByLabel(lang === 'PT' ? 'Título' : 'Title', { exact: true }).fill(title);
    await form.locator('#help-body').fill(body);
    await form.getByRole('button', { name: lang === 'PT' ? 'Título (H2)' : 'Heading (H2)' }).click();
    // The live preview: sanitised as the gateway will store it (no script, no handler, no js: link).
    const preview = form.getByTestId('help-preview');
    await expect(preview.locator('h2')).toBeVisible();
    await expect(preview.locator('script, img, [onclick]')).toHaveCount(0);
    await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0);
    await form
      .getByLabel(lang === 'PT' ? 'Publicado (visível no site)' : 'Published (shown on the site)')
      .check();
    return form;
  };

  // PT, dark desktop.
  await boPrefs(page, 'pt', 'dark');
  await page.reload();
  let form = await write(
    'PT',
    'Como sacar pelo Pix',
    '<p>Peça o saque e <strong>receba em minutos</strong>.</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:window.__xss=3">x</a>',
  );
  await snap(page, 'help-editor-pt-dark-desktop');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('cell', { name: 'Como sacar pelo Pix' })).toBeVisible();

  // EN, light.
  await boPrefs(page, 'en', 'light');
  await page.reload();
  form = await write(
    'EN',
    'How to withdraw by Pix',
    '<p>Ask for a withdrawal and <em>get it in minutes</em>.</p>',
  );
  await snap(page, 'help-editor-en-light-desktop');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'How to withdraw by Pix' })).toBeVisible();
  await page.getByLabel('Title or slug').fill(SLUG);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/q=ajuda-e2e/);
  await snap(page, 'help-list-en-light-desktop');
  await page.setViewportSize({ width: 820, height: 1000 });
  await snap(page, 'help-list-en-light-tablet');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'help-list-en-light-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The member site, PT then EN: each language its own article, nothing of the payload runs.
  for (const lang of ['PT', 'EN'] as const) {
    const context = await browser.newContext();
    const member = await context.newPage();
    await useLanguage(member, lang);
    await member.goto(`/help#${SLUG}`);
    const help = member.getByRole('dialog', { name: t(lang, 'help.title') });
    const article = help.getByRole('article');
    await expect(
      article.getByRole('heading', {
        name: lang === 'PT' ? 'Como sacar pelo Pix' : 'How to withdraw by Pix',
      }),
    ).toBeVisible();
    await expect(article.getByText(lang === 'PT' ? 'receba em minutos' : 'get it in minutes')).toBeVisible();
    expect(await member.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(article.locator('script, img')).toHaveCount(0);
    await member.screenshot({ path: `${SHOTS}/member-help-${lang}.png`, animations: 'disabled' });
    await context.close();
  }
});

test('an operator disables a game and marks one hot; the lobby and /hot follow; an import is previewed', async ({
  page,
  browser,
}) => {
  await loginNewAdmin(page);
  await boPrefs(page, 'pt', 'light');
  await page.goto('/backoffice/catalogue?vendor=E2E_PAGING&q=PAGE01');
  await expect(page.getByRole('heading', { name: 'Catálogo', level: 1 })).toBeVisible();
  const row01 = page.getByRole('row').filter({ hasText: 'E2E_PAGING-PAGE01' });
  await expect(row01).toBeVisible();
  await row01.getByRole('button', { name: /^Desativar/ }).click();
  await expect(row01.getByText('Desativado', { exact: true })).toBeVisible();
  await snap(page, 'catalogue-games-pt-light-desktop');

  const context = await browser.newContext();
  const member = await context.newPage();
  await useLanguage(member, 'PT');
  const play = (name: string) =>
    member
      .getByRole('main')
      .getByRole('button', { name: t('PT', 'lobby.playGame').replace('{{name}}', name), exact: true });
  await member.goto('/rng?vassalage=E2E_PAGING');
  await expect(play('Jogo de Teste 02')).toBeAttached();
  await expect(play('Jogo de Teste 01')).toHaveCount(0);

  // Hot: PAGE02 at the top rank; /hot shows it first.
  await page.goto('/backoffice/catalogue?vendor=E2E_PAGING&q=PAGE02');
  const row02 = page.getByRole('row').filter({ hasText: 'E2E_PAGING-PAGE02' });
  await row02.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar E2E_PAGING-PAGE02' });
  await dialog.getByLabel('Em destaque (/hot)').check();
  await dialog.getByLabel('Posição no destaque (maior primeiro)').fill('999999');
  await snap(page, 'catalogue-edit-dialog-pt-light-desktop');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(row02.getByText('Destaque #999999')).toBeVisible();
  await member.goto('/hot');
  await expect(
    member.getByRole('main').locator('.game-tile:not(.game-tile--skeleton)').first(),
  ).toContainText('Jogo de Teste 02');

  // Put both back for the specs that follow (the lobby spec counts this vendor's 40 games).
  await page.goto('/backoffice/catalogue?vendor=E2E_PAGING&q=PAGE01');
  await row01.getByRole('button', { name: /^Ativar/ }).click();
  await expect(row01.getByText('Ativo', { exact: true })).toBeVisible();
  await page.goto('/backoffice/catalogue?vendor=E2E_PAGING&q=PAGE02');
  await row02.getByRole('button', { name: 'Editar' }).click();
  await dialog.getByLabel('Em destaque (/hot)').uncheck();
  await dialog.getByLabel('Posição no destaque (maior primeiro)').fill('0');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(row02.getByText('Destaque #999999')).toHaveCount(0);
  await member.goto('/rng?vassalage=E2E_PAGING');
  await expect(play('Jogo de Teste 01')).toBeAttached();
  await context.close();

  // Vendors, EN dark: the secret rotation shows the new secret once.
  await boPrefs(page, 'en', 'dark');
  await page.goto('/backoffice/catalogue?tab=vendors');
  const vendorRow = page.getByRole('row').filter({ hasText: 'E2E_PAGING' });
  await expect(vendorRow).toBeVisible();
  await snap(page, 'catalogue-vendors-en-dark-desktop');
  await vendorRow.getByRole('button', { name: 'New secret' }).click();
  const rotate = page.getByRole('dialog', { name: /New secret for/ });
  await rotate.getByLabel('Reason (kept in the audit)').fill('e2e rotation');
  await rotate.getByRole('button', { name: 'New secret' }).click();
  await expect(page.getByTestId('vendor-secret')).toHaveText(/\S{32,}/);
  await snap(page, 'catalogue-secret-once-en-dark-desktop');
  await page.getByRole('button', { name: 'Copied, close' }).click();
  await expect(page.getByTestId('vendor-secret')).toHaveCount(0);

  // Import preview: nothing applied.
  await page.goto('/backoffice/catalogue?tab=import');
  const file = JSON.stringify({
    vendors: [{ vassalage: 'E2E_IMPORT', displayName: 'E2E Import', provider: 'SANDBOX', gameType: 'RNG' }],
    games: [
      {
        vassalage: 'E2E_IMPORT',
        gameCode: 'IMP01',
        gameType: 'RNG',
        namePT: 'Importado',
        nameEN: 'Imported',
      },
    ],
  });
  await page.getByLabel('File content').fill(file);
  await page.getByRole('button', { name: 'See what changes' }).click();
  await expect(page.getByRole('heading', { name: 'Preview (nothing changed yet)' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'E2E_IMPORT-IMP01' })).toContainText('Added');
  await snap(page, 'catalogue-import-preview-en-dark-desktop');
  await page.setViewportSize({ width: 820, height: 1000 });
  await snap(page, 'catalogue-import-preview-en-dark-tablet');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/backoffice/catalogue');
  await snap(page, 'catalogue-games-en-dark-phone');
});

test('an operator edits a customer-service entry and the member site opens it; games show their RTP', async ({
  page,
  browser,
}) => {
  await loginNewAdmin(page);
  await boPrefs(page, 'pt', 'dark');
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Atendimento' })
    .click();
  await expect(page.getByRole('heading', { name: 'Atendimento', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Support' });
  await row.getByRole('button', { name: 'Editar Support' }).click();
  const form = page.locator('form[aria-labelledby="cs-editor-title"]');
  const link = form.getByLabel('Link', { exact: true });
  // A script link is refused on the form, before anything is sent (the gateway refuses it too).
  await link.fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(/^Use uma página deste site/)).toBeVisible();
  await link.fill('/support?canal=e2e');
  await form.getByLabel('Motivo (opcional, vai para a auditoria)').fill('e2e: canal de teste');
  await snap(page, 'cs-edit-pt-dark-desktop');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(row.getByRole('cell', { name: '/support?canal=e2e' })).toBeVisible();
  await snap(page, 'cs-list-pt-dark-desktop');
  await boPrefs(page, 'en', 'light');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Customer service', level: 1 })).toBeVisible();
  await snap(page, 'cs-list-en-light-desktop');
  await page.setViewportSize({ width: 768, height: 1000 });
  await snap(page, 'cs-list-en-light-tablet');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The member site: its customer-service button opens the edited link in the customer-service window.
  const context = await browser.newContext();
  const member = await context.newPage();
  await useLanguage(member, 'PT');
  await member.goto('/');
  const opened = member.waitForEvent('popup');
  await member
    .getByRole('button', { name: t('PT', 'common.customerService') })
    .first()
    .click();
  const popup = await opened;
  await popup.waitForURL(/\/support\?canal=e2e$/);
  await expect(
    popup.getByRole('heading', { name: t('PT', 'common.customerService'), level: 1 }),
  ).toBeVisible();
  await context.close();

  // Put the entry back for the specs that follow.
  await row.getByRole('button', { name: 'Edit Support' }).click();
  await form.getByLabel('Link', { exact: true }).fill('/support');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('cell', { name: '/support', exact: true })).toBeVisible();

  // RTP: the house games state theirs (from their maths); an operator sets one on a test game.
  await page.goto('/backoffice/catalogue?vendor=BANCA');
  await expect(
    page.getByRole('row').filter({ hasText: 'BANCA-SLOT5X3' }).getByRole('cell', { name: '96.04%' }),
  ).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'BANCA-DICE' }).getByRole('cell', { name: '99.00%' }),
  ).toBeVisible();
  await snap(page, 'catalogue-rtp-en-light-desktop');
  await boPrefs(page, 'pt', 'dark');
  await page.goto('/backoffice/catalogue?vendor=E2E_PAGING&q=PAGE03');
  const row03 = page.getByRole('row').filter({ hasText: 'E2E_PAGING-PAGE03' });
  await row03.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar E2E_PAGING-PAGE03' });
  const rtp = dialog.getByLabel('RTP (%)');
  await rtp.fill('101');
  await expect(dialog.getByText(/^Informe um percentual/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await rtp.fill('97,25');
  await snap(page, 'catalogue-rtp-edit-pt-dark-desktop');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(row03.getByRole('cell', { name: '97,25%' })).toBeVisible();
  await page.setViewportSize({ width: 768, height: 1000 });
  await snap(page, 'catalogue-rtp-pt-dark-tablet');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Back to none, as the fixture file states.
  await row03.getByRole('button', { name: 'Editar' }).click();
  await dialog.getByLabel('RTP (%)').fill('');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(row03.getByRole('cell', { name: '97,25%' })).toHaveCount(0);
});

test('a content operator posts a marquee line and the member site shows it', async ({ page, browser }) => {
  await loginNewAdmin(page);
  await boPrefs(page, 'pt', 'dark');
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Banners e anúncios' })
    .click();
  await expect(page.getByRole('heading', { name: 'Banners e anúncios', level: 1 })).toBeVisible();
  await snap(page, 'banners-list-pt-dark-desktop');
  await page.getByRole('tab', { name: 'Anúncios' }).click();
  await page.getByRole('button', { name: 'Novo anúncio' }).click();
  const form = page.locator('form[aria-labelledby="announcement-editor-title"]');
  await form.getByLabel('Tipo').selectOption('H');
  const line = `Letreiro e2e ${Date.now() % 100000}`;
  await form.getByLabel('Texto (PT)').fill(line);
  await form.getByLabel('Texto (EN)').fill(`${line} EN`);
  await snap(page, 'announcement-edit-pt-dark-desktop');
  await form.getByRole('button', { name: 'Salvar' }).click();
  const row = page.getByRole('row').filter({ hasText: line });
  await expect(row.getByText('Letreiro', { exact: true })).toBeVisible();
  await snap(page, 'announcements-list-pt-dark-desktop');
  await boPrefs(page, 'en', 'light');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Banners and announcements', level: 1 })).toBeVisible();
  await snap(page, 'announcements-list-en-light-desktop');
  await page.getByRole('tab', { name: 'Banners' }).click();
  await page.getByRole('button', { name: 'New banner' }).click();
  await snap(page, 'banner-edit-en-light-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'banner-edit-en-light-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The member site's home marquee shows the line, in the member's language.
  const context = await browser.newContext();
  const member = await context.newPage();
  await useLanguage(member, 'PT');
  await member.goto('/');
  await expect(member.getByRole('region', { name: t('PT', 'home.notice') })).toContainText(line);
  await context.close();

  // Delete it, for the specs that follow.
  await page.getByRole('tab', { name: 'Announcements' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /^Delete / }).click();
  await expect(row).toHaveCount(0);
});

test('region rules take blocked countries as chips, by keyboard', async ({ page }) => {
  await loginNewAdmin(page);
  await boPrefs(page, 'en', 'dark');
  await page.goto('/backoffice/maintenance');
  const box = page.getByRole('combobox', { name: 'Blocked countries' });
  const chips = page.getByRole('list', { name: 'Blocked countries' });
  await box.fill('us');
  await box.press('Enter');
  await box.pressSequentially('fr,');
  await box.fill('ZZ');
  await box.press('Enter');
  await expect(page.getByText('Not an ISO country code: ZZ')).toBeVisible();
  await expect(chips.getByRole('listitem')).toHaveText([/US\s*United States/, /FR\s*France/]);
  await snap(page, 'maintenance-chips-en-dark-desktop');
  // Save refuses while a code that is no country waits in the box; cleared, it saves the chips.
  await box.fill('');
  await page.getByRole('button', { name: 'Save region rules' }).click();
  await expect(page.getByText('Saved. Every server applies it within two seconds.')).toBeVisible();
  await page.reload();
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  // Removed by their buttons (Tab reaches each), then saved empty again.
  await page.getByRole('button', { name: 'Remove FR (France)' }).focus();
  await page.keyboard.press('Enter');
  await box.focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('list', { name: 'Blocked countries' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save region rules' }).click();
  await expect(page.getByText('Saved. Every server applies it within two seconds.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Blocked countries' })).toHaveCount(0);
});

test('platform settings preview the sign-up form; an admin creates an operator', async ({ page }) => {
  await loginNewAdmin(page);
  await boPrefs(page, 'pt', 'dark');
  await page.goto('/backoffice/platform');
  await expect(page.getByRole('heading', { name: 'Configurações da plataforma', level: 1 })).toBeVisible();
  const preview = page.getByTestId('register-preview');
  await expect(preview.getByLabel(/^Usuário/)).toBeVisible();
  // The preview follows the table before anything is saved.
  const nickname = page.getByRole('checkbox', { name: 'Mostrado: Apelido' });
  const shown = await nickname.isChecked();
  await nickname.setChecked(!shown);
  await expect(preview.getByLabel(/^Apelido/)).toHaveCount(shown ? 0 : 1);
  await nickname.setChecked(shown);
  await snap(page, 'platform-pt-dark-desktop');

  // The site's name: renamed here, the member site's title and footer carry it; then put back.
  const options = page.getByRole('form', { name: 'Opções do site (white-label)' });
  // The merchant's code and currency, shown and not editable (set once at the first start).
  const merchant = options.getByTestId('merchant-facts');
  await expect(merchant).toContainText('banca');
  await expect(merchant).toContainText('BRL (R$)');
  const siteName = options.getByLabel('Nome do site');
  const original = await siteName.inputValue();
  await siteName.fill('Sorte Grande');
  await options.getByRole('button', { name: 'Salvar opções' }).click();
  await expect(options.getByText('Salvo.')).toBeVisible();
  await expect(siteName).toHaveValue('Sorte Grande');
  await options.getByRole('heading').scrollIntoViewIfNeeded();
  await snap(page, 'platform-site-name-pt-dark-desktop');
  const member = await page.context().newPage();
  await member.goto('/');
  await expect(member.locator('footer')).toContainText('Sorte Grande');
  await expect(member).toHaveTitle('Sorte Grande');
  await member.close();
  await siteName.fill(original);
  await options.getByRole('button', { name: 'Salvar opções' }).click();
  const served = async () =>
    (await (await page.request.get('/wps/system/startup')).json()).value.whitelabel.siteName;
  await expect.poll(served).toBe(original);
  await page.getByRole('heading', { name: 'Campos do cadastro' }).scrollIntoViewIfNeeded();
  await snap(page, 'platform-fields-pt-dark-desktop');
  await boPrefs(page, 'en', 'light');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Platform settings', level: 1 })).toBeVisible();
  await page.getByRole('heading', { name: 'Site wallet' }).scrollIntoViewIfNeeded();
  await snap(page, 'platform-wallet-en-light-desktop');
  await page.setViewportSize({ width: 820, height: 1000 });
  await page.getByRole('heading', { name: 'Sign-up fields' }).scrollIntoViewIfNeeded();
  await snap(page, 'platform-fields-en-light-tablet');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('heading', { name: 'Site options (white-label)' }).scrollIntoViewIfNeeded();
  await snap(page, 'platform-options-en-light-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Operators: a new content operator with a temporary password shown once.
  await page.goto('/backoffice/operators');
  await expect(page.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New operator' }).click();
  const name = `ct${Date.now() % 1_000_000_000}`;
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Role').first().selectOption('content');
  await snap(page, 'operators-new-en-light-desktop');
  await page.getByRole('button', { name: 'Create operator' }).click();
  await expect(page.getByTestId('operator-temp-password')).toHaveText(/\S{16}/);
  await page.getByRole('button', { name: 'Handed over, close' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Content');
  await expect(row).toContainText('At first login');
  await expect(row).toContainText('Never');
  await boPrefs(page, 'pt', 'dark');
  await page.reload();
  await snap(page, 'operators-pt-dark-desktop');
});
