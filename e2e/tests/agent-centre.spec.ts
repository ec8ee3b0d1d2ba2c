import { expect, test } from '@playwright/test';
import { shot, t } from './support';
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
 * The agent centre's foundation (issue 24): agent01 opens the register centre, takes its invitation
 * link, a new visitor registers through it (the code filled in), and the agent sees the new member in
 * its direct downline and in the team overview's figures. Desktop, Portuguese.
 */
test('an invitation link brings a new member into the agent’s direct downline', async ({
  page,
  browser,
}, info) => {
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
});
