import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { gallery, shot, t } from './support';
import {
  captchaSolver,
  newMobile,
  newUsername,
  PASSWORD,
  registerDialog,
  smsCode,
  useLanguage,
} from './auth-support';

/*
 * The agent centre (issue 24): agent01 opens the register centre, takes its invitation link, a new
 * visitor registers through it (the code filled in), and the agent sees the new member in its direct
 * downline and in the team overview's figures; then goes through the team reports (team betting
 * filtered to the new member, downline P&L with its CSV, transaction details, income) and promotes
 * the new member to agent. Desktop, Portuguese; the report pages are then photographed in both
 * languages, both themes, phone and desktop (SHOTS_DIR, default e2e/.artifacts/shots).
 */
const SHOTS_DIR = process.env.SHOTS_DIR;

/** Each team report page in PT and EN, dark and light, desktop and phone. */
async function reportShots(page: Page, dir: string) {
  mkdirSync(dir, { recursive: true });
  const pages = [
    'personalHistoryCopy',
    'palStatementsAgentCopy',
    'agentDownlineTransactionDetailsCopy',
    'agentRevenueReport',
    'downlineManagmentView',
  ];
  for (const lang of gallery(['PT', 'EN'] as const)) {
    await page.addInitScript((value) => localStorage.setItem('banca.language', value), lang);
    for (const theme of gallery(['dark', 'light'] as const)) {
      await page.emulateMedia({ colorScheme: theme });
      for (const [width, height, name] of gallery([
        [1366, 768, 'desktop'],
        [390, 844, 'phone'],
      ] as const)) {
        await page.setViewportSize({ width, height });
        for (const p of pages) {
          await page.goto(`/agentHome?page=${p}`);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.locator('section.records')).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          await page.screenshot({ path: `${dir}/${p}-${lang}-${theme}-${name}.png`, fullPage: true });
        }
      }
    }
  }
}
test('an invitation link brings a new member into the agent’s direct downline', async ({
  page,
  browser,
}, info) => {
  // The journey, then 40 full-page photographs of the report pages.
  test.setTimeout(420_000);
  const lang = 'PT';
  await useLanguage(page, lang);
  await page.goto('/agent');
  await page.getByLabel(t(lang, 'auth.username'), { exact: true }).fill('agent01');
  await page.getByLabel(t(lang, 'auth.password'), { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: t(lang, 'auth.agentLogin') }).click();
  await expect(page).toHaveURL(/\/agentHome/);

  // Today's new members before the visitor registers.
  const newToday = page.getByTestId('team-newMembers');
  await expect(newToday).toHaveText(/^\d+$/);
  const before = Number(await newToday.textContent());

  // The register centre lists the invitation codes with their links and QR codes.
  await page.goto('/agentHome?page=registerCenter');
  const card = page.getByTestId('invitation').filter({ hasText: 'AGENT01' });
  await expect(card).toBeVisible();
  await expect(card.locator('svg')).toBeVisible();
  const link = (await card.getByTestId('invitation-link').textContent())!;
  expect(link).toMatch(/\/register\?affiliateCode=AGENT01$/);
  await shot(page, info, 'agent-register-centre');

  // A new visitor opens the link: the registration has the code filled in.
  const visitor = await browser.newContext({ baseURL: new URL(link).origin });
  const v = await visitor.newPage();
  await useLanguage(v, lang);
  const solve = captchaSolver(v);
  await v.goto(new URL(link).pathname + new URL(link).search);
  const dialog = registerDialog(v, lang);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(t(lang, 'register.fields.affiliateCode'), { exact: true })).toHaveValue(
    'AGENT01',
  );
  const username = newUsername();
  const mobile = newMobile();
  await dialog.getByLabel(t(lang, 'register.fields.username'), { exact: true }).fill(username);
  await dialog.getByLabel(t(lang, 'register.fields.mobileNum'), { exact: true }).fill(mobile);
  await dialog.getByLabel(t(lang, 'register.fields.password'), { exact: true }).fill(PASSWORD);
  await dialog.getByLabel(t(lang, 'register.fields.confirmPassword'), { exact: true }).fill(PASSWORD);
  await dialog.getByLabel(t(lang, 'register.fields.email'), { exact: true }).fill(`${username}@mail.example`);
  await dialog.getByRole('button', { name: t(lang, 'auth.sendCode') }).click();
  await expect(dialog.getByRole('button', { name: /\d+\s*s/ })).toBeDisabled();
  await dialog
    .getByLabel(new RegExp(`${t(lang, 'register.fields.verificationCode')}|${t(lang, 'auth.smsCode')}`))
    .fill(await smsCode(v.request, mobile));
  await dialog.getByLabel(t(lang, 'auth.captcha'), { exact: true }).fill(await solve(v.request));
  await dialog.getByRole('checkbox', { name: t(lang, 'auth.terms') }).check();
  await dialog.getByRole('button', { name: t(lang, 'auth.submitRegister') }).click();
  await expect(dialog).toHaveCount(0);
  await visitor.close();

  // The agent sees the new member in its direct downline, with agent01 as its upline path.
  await page.goto('/agentHome?page=downlineManagmentView');
  const row = page.getByTestId('downline-row').filter({ hasText: username });
  await expect(row).toBeVisible();
  await expect(row).toContainText('agent01');
  await shot(page, info, 'agent-downline');

  // And in the team overview: one more new member today; the link counts its registration.
  await page.goto('/agentHome?page=agentTeamOverview');
  await expect(page.getByTestId('team-newMembers')).toHaveText(String(before + 1));
  await page.goto('/agentHome?page=registerCenter');
  await expect(card).toContainText(/\d+/);

  // Team betting: the betting-record filters over the whole team, then one member of it.
  await page.goto('/agentHome?page=personalHistoryCopy');
  await expect(page.getByTestId('team-bet-totals')).toBeVisible();
  await page.getByLabel(t(lang, 'agent.reports.member'), { exact: true }).fill(username);
  await page.getByRole('button', { name: t(lang, 'records.apply') }).click();
  await expect(page).toHaveURL(new RegExp(`account=${username}`));
  await expect(page.getByText(t(lang, 'records.betsEmptyFiltered'))).toBeVisible();

  // Downline P&L: one row per direct downline (the new member among them), and its CSV.
  await page.goto('/agentHome?page=palStatementsAgentCopy');
  await expect(page.getByTestId('pnl-row').filter({ hasText: username })).toBeVisible();
  await expect(page.getByTestId('pnl-totals')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t(lang, 'agent.reports.csv') }).click();
  expect((await download).suggestedFilename()).toBe('downline-pnl.csv');

  // Transaction details: filtered to deposits, in the URL.
  await page.goto('/agentHome?page=agentDownlineTransactionDetailsCopy');
  await page.getByLabel(t(lang, 'agent.reports.type'), { exact: true }).selectOption('DEPOSIT');
  await page.getByRole('button', { name: t(lang, 'records.apply') }).click();
  await expect(page).toHaveURL(/type=DEPOSIT/);

  // Income: by source; contract pay (agent01 holds no contract as downline: 0, so no kind column).
  await page.goto('/agentHome?page=agentRevenueReport');
  await expect(page.getByTestId('income-CONTRACT')).toHaveText(/0[.,]00/);
  await expect(page.getByTestId('income-total')).toBeVisible();

  // Promote the new member to agent from the downline list.
  await page.goto('/agentHome?page=downlineManagmentView');
  const newRow = page.getByTestId('downline-row').filter({ hasText: username });
  await newRow.getByRole('button', { name: t(lang, 'agent.downline.promote') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t(lang, 'agent.downline.promote') })
    .click();
  await expect(page.getByRole('status').filter({ hasText: username })).toBeVisible();
  await expect(newRow).toContainText(t(lang, 'agent.register.kinds.agent'));

  await reportShots(page, SHOTS_DIR ?? 'e2e/.artifacts/shots/teampages');
});
