import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newUsername, PASSWORD, useLanguage } from './auth-support';
import { backofficeLogin, t } from './support';

/**
 * The back office's agent pages (issue 24 item 6): agent01 registers a downline agent in its register
 * centre; a new admin finds agent01 in Agents, opens its tree, moves demo01 below the new agent with a
 * reason, and sees the tree and the audit say so. Desktop first; the page is photographed in both
 * themes and on a tablet width (SHOTS_DIR).
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? 'e2e/.artifacts/shots/teampages';

test('an operator finds an agent, opens its tree and moves a member below another agent', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // agent01 registers a downline agent.
  const agentSite = await browser.newContext();
  const a = await agentSite.newPage();
  await useLanguage(a, 'PT');
  await a.goto('/agent');
  await a.getByLabel(t('PT', 'auth.username'), { exact: true }).fill('agent01');
  await a.getByLabel(t('PT', 'auth.password'), { exact: true }).fill('Demo1234');
  await a.getByRole('button', { name: t('PT', 'auth.agentLogin') }).click();
  await expect(a).toHaveURL(/\/agentHome/);
  await a.goto('/agentHome?page=registerCenter');
  const subAgent = newUsername();
  await a
    .getByRole('radiogroup', { name: t('PT', 'agent.register.kind') })
    .getByText(t('PT', 'agent.register.kinds.agent'))
    .click();
  await a.getByLabel(t('PT', 'agent.register.username'), { exact: true }).fill(subAgent);
  await a.getByLabel(t('PT', 'agent.register.password'), { exact: true }).fill(PASSWORD);
  await a.getByRole('button', { name: t('PT', 'agent.register.submit') }).click();
  await expect(a.getByText(subAgent).first()).toBeVisible();
  await agentSite.close();

  // The operator finds agent01 among the agents.
  await backofficeLogin(page);
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('link', { name: 'Agentes' }).click();
  await expect(page.getByRole('heading', { name: 'Agentes', level: 1 })).toBeVisible();
  await page.getByLabel('Conta').fill('agent01');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/account=agent01/);
  await page.getByRole('button', { name: 'agent01', exact: true }).click();

  // Its tree: agent01 open, demo01 and the new agent below it.
  const tree = page.getByRole('tree');
  await expect(tree.getByText('demo01', { exact: true })).toBeVisible();
  await expect(tree.getByText(subAgent, { exact: true })).toBeVisible();

  // Move demo01 below the new agent, with a reason.
  const demo = tree
    .getByTestId('tree-node')
    .filter({ has: page.getByText('demo01', { exact: true }) })
    .last();
  await demo.getByRole('button', { name: 'Mover' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mover demo01' });
  await dialog.getByLabel('Novo superior (conta de agente)').fill(subAgent);
  await dialog.getByLabel('Motivo (fica na auditoria)').fill('pedido do agente (e2e)');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(`demo01 agora está abaixo de ${subAgent}.`)).toBeVisible();

  // The new agent's level now holds demo01.
  await tree.getByRole('button', { name: `Abrir os subordinados de ${subAgent}` }).click();
  const sub = tree
    .getByTestId('tree-node')
    .filter({ has: page.getByText(subAgent, { exact: true }) })
    .first();
  await expect(sub.getByRole('group').getByText('demo01', { exact: true })).toBeVisible();

  // Photographs: dark and light, desktop and tablet.
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => localStorage.setItem('banca.backoffice.theme', value), theme);
    await page.reload();
    await expect(page.getByRole('tree').getByText(subAgent, { exact: true })).toBeVisible();
    for (const [width, height, name] of [
      [1366, 900, 'desktop'],
      [820, 1180, 'tablet'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({
        path: `${SHOTS_DIR}/backoffice-agents-PT-${theme}-${name}.png`,
        fullPage: true,
      });
    }
  }
});

/**
 * The operator's promote switch (branch agentops2): on the contract settings tab, an admin turns
 * "Agents may promote direct downline members" off with a reason; agent01's promote of a member it
 * has just registered is refused; turned on again, the same promote succeeds. Desktop, PT; the tab is
 * photographed PT dark desktop and EN light phone (SHOTS_DIR). Ends with the switch on, as the
 * config default had it.
 */
test('an operator turns agents promoting their members off and on again', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await backofficeLogin(page);
  await page.goto('/backoffice/contracts?tab=settings');
  const card = page.getByTestId('agent-settings');
  const toggle = card.getByRole('switch', { name: 'Agentes podem promover membros diretos a agente' });
  await expect(toggle).toBeChecked();
  const setPromote = async (on: boolean, reason: string) => {
    await (on ? toggle.check() : toggle.uncheck());
    await card.getByLabel('Motivo (fica na auditoria)').fill(reason);
    await card.getByRole('button', { name: 'Salvar regra' }).click();
    await expect(card.getByText('Regra salva.', { exact: false })).toBeVisible();
    await expect(card.getByText('Alterado por um operador em', { exact: false })).toBeVisible();
  };
  await setPromote(false, 'promoções suspensas (e2e)');

  // agent01 registers a member and tries to promote it: refused while the switch is off.
  const agentSite = await browser.newContext();
  const a = await agentSite.newPage();
  await useLanguage(a, 'PT');
  await a.goto('/agent');
  await a.getByLabel(t('PT', 'auth.username'), { exact: true }).fill('agent01');
  await a.getByLabel(t('PT', 'auth.password'), { exact: true }).fill('Demo1234');
  await a.getByRole('button', { name: t('PT', 'auth.agentLogin') }).click();
  await expect(a).toHaveURL(/\/agentHome/);
  await a.goto('/agentHome?page=registerCenter');
  const member = newUsername();
  await a.getByLabel(t('PT', 'agent.register.username'), { exact: true }).fill(member);
  await a.getByLabel(t('PT', 'agent.register.password'), { exact: true }).fill(PASSWORD);
  await a.getByRole('button', { name: t('PT', 'agent.register.submit') }).click();
  await expect(a.getByText(member).first()).toBeVisible();
  await a.goto('/agentHome?page=downlineManagmentView');
  const row = a.getByTestId('downline-row').filter({ hasText: member });
  const promote = async () => {
    await row.getByRole('button', { name: t('PT', 'agent.downline.promote') }).click();
    await a
      .getByRole('dialog')
      .getByRole('button', { name: t('PT', 'agent.downline.promote') })
      .click();
  };
  await promote();
  await expect(a.getByRole('dialog').getByRole('alert')).toHaveText(
    'A promoção de membros a agente não está habilitada.',
  );
  await a
    .getByRole('dialog')
    .getByRole('button', { name: t('PT', 'common.cancel') })
    .click();

  // Turned on again: the same promote succeeds.
  await setPromote(true, 'promoções liberadas (e2e)');
  await promote();
  await expect(a.getByRole('status').filter({ hasText: member })).toBeVisible();
  await expect(row).toContainText(t('PT', 'agent.register.kinds.agent'));
  await agentSite.close();

  // Photographs of the settings tab: PT dark desktop, EN light phone.
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const [lang, theme, width, height, name] of [
    ['pt', 'dark', 1366, 900, 'PT-dark-desktop'],
    ['en', 'light', 390, 844, 'EN-light-phone'],
  ] as const) {
    await page.evaluate(
      ([l, th]) => {
        localStorage.setItem('banca.backoffice.lang', l);
        localStorage.setItem('banca.backoffice.theme', th);
      },
      [lang, theme] as const,
    );
    await page.setViewportSize({ width, height });
    await page.reload();
    await expect(page.getByTestId('agent-settings').getByRole('switch')).toBeChecked();
    await page.screenshot({ path: `${SHOTS_DIR}/backoffice-agent-settings-${name}.png`, fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem('banca.backoffice.lang', 'pt'));
});
