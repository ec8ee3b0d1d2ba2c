import { expect, test, type Locator, type Page } from '@playwright/test';
import { isPhone, shot, t } from './support';
import { langOf, openLogin, submitLogin, useLanguage, type Lang } from './auth-support';

/**
 * What a newcomer meets (issue 12), as journeys: a visitor reading help and asking for support, a
 * member wandering into pages that are not built yet and into the agents' door, and an agent in the
 * agent centre. Phones run in English, desktops in Portuguese.
 */

/** The element lies wholly inside the viewport horizontally: nothing of it is clipped at an edge. */
const expectWithinWidth = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'element is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
};

/** The item is wholly visible inside its horizontally scrolling strip. */
const expectInStrip = async (strip: Locator, item: Locator) => {
  const [s, i] = [await strip.boundingBox(), await item.boundingBox()];
  expect(s && i, 'strip and item are laid out').toBeTruthy();
  expect(i!.x).toBeGreaterThanOrEqual(s!.x - 0.5);
  expect(i!.x + i!.width).toBeLessThanOrEqual(s!.x + s!.width + 0.5);
};

const logIn = async (page: Page, lang: Lang, account: string) => {
  await page.goto('/');
  await openLogin(page, lang);
  await submitLogin(page, lang, account, 'Demo1234');
  await expect(page.getByRole('dialog', { name: t(lang, 'auth.loginTitle') })).toHaveCount(0);
};

test('a visitor reads a help article to its last line and reaches support that answers', async ({
  page,
  context,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);

  await page.goto('/help#term');
  const help = page.getByRole('dialog', { name: t(lang, 'help.title') });
  const article = help.getByRole('article');
  await expect(article).toBeVisible();
  // The last line of the article is on screen and inside the screen's width, however narrow.
  const lastLine = article.locator('.rich-text > *').last();
  await lastLine.scrollIntoViewIfNeeded();
  await expect(lastLine).toBeInViewport();
  await expectWithinWidth(page, lastLine);
  expect(await article.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // Every topic can be reached: the strip scrolls, and the chosen topic is brought into view.
  const topics = help.getByRole('navigation', { name: t(lang, 'help.articles') });
  const last = topics.getByRole('button').last();
  await last.click();
  await expectInStrip(topics.getByRole('list'), last);
  await expect(article.getByRole('heading')).toHaveText((await last.textContent())!);
  await shot(page, info, 'help-article');
  await page.keyboard.press('Escape');

  // Customer service opens our own support page, never a window to a host that is not there.
  if (isPhone(info)) await page.getByRole('button', { name: t(lang, 'header.openMenu') }).click();
  const popupPromise = context.waitForEvent('page');
  await page
    .getByRole('complementary', { name: t(lang, 'sideMenu.label') })
    .getByRole('button', { name: t(lang, 'common.customerService') })
    .click();
  const popup = await popupPromise;
  // The window opens blank inside the click, then goes to the entry's address.
  await popup.waitForURL((url) => url.protocol.startsWith('http'));
  expect(new URL(popup.url()).origin).toBe(new URL(page.url()).origin);
  expect(new URL(popup.url()).pathname).toBe('/support');
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'common.customerService'));
  await expect(popup.getByRole('article')).toContainText(lang === 'PT' ? 'Quem responde' : 'Who answers');
  await shot(popup, info, 'support-page');
  await popup.close();

  // VIP is a page of its own that says it is coming, with a way back (not My account).
  if (
    isPhone(info) &&
    !(await page.getByRole('complementary', { name: t(lang, 'sideMenu.label') }).isVisible())
  )
    await page.getByRole('button', { name: t(lang, 'header.openMenu') }).click();
  await page
    .getByRole('complementary', { name: t(lang, 'sideMenu.label') })
    .getByRole('link', { name: /VIP/ })
    .click();
  await expect(page).toHaveURL(/\/vip$/);
  await expect(page.getByText(t(lang, 'comingSoon.badge'), { exact: true })).toBeVisible();
  await page.getByRole('link', { name: t(lang, 'comingSoon.backHome') }).click();
  await expect(page).toHaveURL(/\/$/);

  if (!isPhone(info)) {
    // The fixed right bar never covers the footer's social links.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const rail = await page.getByRole('complementary', { name: t(lang, 'rightBar.label') }).boundingBox();
    const follow = page
      .getByRole('contentinfo')
      .getByRole('link', { name: t(lang, 'social.SOCIAL_TELEGRAM') });
    const icon = await follow.boundingBox();
    expect(rail && icon).toBeTruthy();
    expect(icon!.x + icon!.width).toBeLessThanOrEqual(rail!.x);
  }
});

test('a member meets honest placeholders and is told the agent centre is not theirs', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await logIn(page, lang, 'demo01');

  // A money page not built yet says so, with a way back; never "no data", which reads as broken.
  await page.goto('/member?page=rewardCenter');
  const panel = page.getByRole('region', { name: t(lang, 'member.pages.rewardCenter') });
  await expect(panel.getByText(t(lang, 'comingSoon.badge'), { exact: true })).toBeVisible();
  await expect(panel.getByText(t(lang, 'common.noData'))).toHaveCount(0);
  // On a phone the menu is a strip: the current page's entry is scrolled into view.
  const menu = page.getByRole('navigation', { name: t(lang, 'member.menu') });
  const current = menu.getByRole('button', { name: t(lang, 'member.pages.rewardCenter') });
  await expectInStrip(menu.getByRole('list'), current);
  await shot(page, info, 'member-coming-soon');
  await panel.getByRole('link', { name: t(lang, 'comingSoon.backAccount') }).click();
  await expect(page.getByRole('region', { name: t(lang, 'member.pages.securityCenter') })).toBeVisible();

  // At the agents' door a member sees who they are and a way back, and no agent bar.
  await page.goto('/agent');
  await expect(page.getByRole('heading', { name: t(lang, 'agent.signedInMemberTitle') })).toBeVisible();
  await expect(page.getByRole('banner', { name: t(lang, 'agent.headerLabel') })).toHaveCount(0);
  await expect(page.getByLabel(t(lang, 'auth.password'), { exact: true })).toHaveCount(0);
  await shot(page, info, 'agent-door-member');
  await page.getByRole('link', { name: t(lang, 'agent.memberSite') }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an agent has the site header affordances in the agent centre', async ({ page }, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await page.goto('/agent');
  await page.getByLabel(t(lang, 'auth.username'), { exact: true }).fill('agent01');
  await page.getByLabel(t(lang, 'auth.password'), { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: t(lang, 'auth.agentLogin') }).click();
  await expect(page).toHaveURL(/\/agentHome/);

  // The team overview shows the team agent01 has: demo01 at least (other journeys may register more
  // members with its code), never a "no data" placeholder.
  const direct = page
    .locator('.stat', { hasText: t(lang, 'agent.team.directMembers') })
    .getByRole('definition');
  await expect(direct).toHaveText(/^\d[\d.,]*$/);
  expect(Number((await direct.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
  await shot(page, info, 'agent-team-overview');

  // In either language: the bar's name follows the language switched below.
  const bar = page.getByRole('banner', {
    name: new RegExp(`^(${t('PT', 'agent.headerLabel')}|${t('EN', 'agent.headerLabel')})$`),
  });
  await expect(bar.getByRole('link', { name: /Banca/ })).toBeVisible();
  await expect(bar.getByRole('link', { name: t(lang, 'agent.memberSite') })).toBeVisible();
  await expect(bar.getByRole('button', { name: t(lang, 'agent.signOut') })).toBeVisible();
  // The bar stays compact: on a phone three short rows (brand and controls; the account and its
  // balance; the clock), on a desktop one row whose account block may put the clock under the name.
  const height = (await bar.boundingBox())!.height;
  expect(height).toBeLessThan(isPhone(info) ? 140 : 88);
  await shot(page, info, 'agent-bar');

  // The language and theme switch here too.
  const other: Lang = lang === 'PT' ? 'EN' : 'PT';
  await bar.getByRole('combobox', { name: t(lang, 'language.label') }).selectOption(other);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(other, 'agent.centreTitle'));
  const themeBefore = await page.evaluate(() => document.documentElement.dataset.theme);
  await bar
    .getByRole('button', { name: new RegExp(`${t(other, 'theme.toDark')}|${t(other, 'theme.toLight')}`) })
    .click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(themeBefore);
  await shot(page, info, 'agent-bar-switched');

  // A page not built yet says so; the menu strip keeps it in view. (Clicked, not navigated to: a
  // new page load would restore the language the test started with.)
  const menu = page.getByRole('navigation', { name: t(other, 'agent.menu') });
  const notices = menu.getByRole('button', { name: t(other, 'agent.pages.agentAnnouncement') });
  await notices.click();
  await expect(page).toHaveURL(/page=agentAnnouncement/);
  await expectInStrip(menu.getByRole('list'), notices);
  await expect(page.getByText(t(other, 'comingSoon.badge'), { exact: true })).toBeVisible();

  // And the way back to the member site.
  await bar.getByRole('link', { name: t(other, 'agent.memberSite') }).click();
  await expect(page).toHaveURL(/\/$/);
});
