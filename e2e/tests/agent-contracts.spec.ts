import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { backofficeLogin, gallery, isPhone, playSandboxRounds, shot, t } from './support';
import {
  expectLoggedIn,
  langOf,
  newUsername,
  openLogin,
  PASSWORD,
  submitLogin,
  unique,
  useLanguage,
  type Lang,
} from './auth-support';

/*
 * Agent contracts (issue 24): agent01 registers a downline agent in its register centre and offers it
 * a daily-wage contract; the downline logs in, accepts in the contract popup, registers a member of
 * its own, who logs in, deposits by PIX (sandbox) and plays three rounds with the sandbox vendor; the
 * settlement runs BY THE SCHEDULE: the e2e server runs the settlement job every 10 s (e2e/run.mjs),
 * the journey puts its own contract a day ahead of the job's clock (POST /dev/agent-contracts/clock:
 * today is then a closed day for that contract only; every other journey's contracts and every other
 * job keep the real clock) and waits for the scheduler to pay it. Both agents see the payout with its
 * inputs on the daily-wage page (1.5 % of the team's R$ 65,00 valid bet: R$ 0,97, rounded down), and
 * the downline finds it in its account record. Desktop in Portuguese, phone in English (the settled
 * pages are photographed in both languages and both themes). A second journey: the
 * higher-rate rule ends a downline contract after the agent confirms, and an agent asking for a
 * member outside its tree is told there is no such member in its team.
 * On the desktop an admin then opens the back office's Contracts page (issue 24 item 6): finds the
 * contract by the downline's account, sees its settlement with its inputs, and the period's run in
 * the settlement runs (photographed in both themes, PT and EN, at 1366 and 768 px, SHOTS_DIR; axe
 * checks at 1366), then ends the contract with a reason, and agent01 sees it ended by the operator.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? 'e2e/.artifacts/shots/contracts';
const agentLogin = async (page: Page, lang: Lang, username: string, password: string) => {
  await useLanguage(page, lang);
  await page.goto('/agent');
  await page.getByLabel(t(lang, 'auth.username'), { exact: true }).fill(username);
  await page.getByLabel(t(lang, 'auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'auth.agentLogin') }).click();
  await expect(page).toHaveURL(/\/agentHome/);
};

test('a daily-wage contract is offered, accepted in the popup and settled', async ({
  page,
  browser,
}, info) => {
  // The desktop run adds the back office with its photographs in two languages and themes (40 whole
  // pages, 20 axe checks): five minutes on a busy machine, three for the phone.
  test.setTimeout(isPhone(info) ? 180_000 : 300_000);
  const lang = langOf(info);
  const money = (pt: string) => (lang === 'PT' ? pt : pt.replace(',', '.'));
  await agentLogin(page, lang, 'agent01', 'Demo1234');

  // agent01 registers a downline agent.
  await page.goto('/agentHome?page=registerCenter');
  const sub = newUsername();
  await page.getByText(t(lang, 'agent.register.kinds.agent'), { exact: true }).click();
  await page.getByLabel(t(lang, 'agent.register.username'), { exact: true }).fill(sub);
  await page.getByLabel(t(lang, 'agent.register.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'agent.register.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: sub })).toBeVisible();

  // The daily-wage page: offer 1.5 % of the team's valid bet.
  await page.goto('/agentHome?page=agentDailyWages2');
  const form = page.locator('form.contract-offer');
  await form.getByLabel(t(lang, 'contracts.downline')).selectOption({ label: sub });
  await form.getByLabel(t(lang, 'contracts.rate'), { exact: true }).fill('1,5');
  await shot(page, info, 'contracts-offer-form');
  await form.getByRole('button', { name: t(lang, 'contracts.sendOffer') }).click();
  await expect(form.getByRole('status').filter({ hasText: sub })).toBeVisible();
  await expect(page.locator('.contract-card').filter({ hasText: sub })).toContainText(
    t(lang, 'contracts.statuses.offered'),
  );

  // The downline logs in: the contract popup shows the offer; it accepts.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const p2 = await other.newPage();
  await agentLogin(p2, lang, sub, PASSWORD);
  const popup = p2.getByRole('dialog', { name: t(lang, 'contracts.kinds.DAILY') });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('agent01');
  await expect(popup.getByRole('table')).toContainText('1,5 %'.replace(',', lang === 'EN' ? '.' : ','));
  // The popup can open while the agent centre's page code still loads under the loading cover.
  await expect(p2.getByTestId('loading-cover')).toHaveCount(0);
  await shot(p2, info, 'contracts-popup');
  await popup.getByRole('button', { name: t(lang, 'contracts.accept') }).click();
  await expect(popup).toHaveCount(0);

  // The downline registers a member of its own, who deposits R$ 100,00 and plays three rounds.
  await p2.goto('/agentHome?page=registerCenter');
  const player = newUsername();
  await p2.getByText(t(lang, 'agent.register.kinds.member'), { exact: true }).click();
  await p2.getByLabel(t(lang, 'agent.register.username'), { exact: true }).fill(player);
  await p2.getByLabel(t(lang, 'agent.register.password'), { exact: true }).fill(PASSWORD);
  await p2.getByRole('button', { name: t(lang, 'agent.register.submit'), exact: true }).click();
  await expect(p2.getByRole('status').filter({ hasText: player })).toBeVisible();
  const subToken = await p2.evaluate(() => sessionStorage.getItem('token'));
  const subAuth = { Authorization: `Bearer ${subToken}` };
  const direct = await p2.request.get(`/wps/agent/downline?scope=direct&account=${player}`, {
    headers: subAuth,
  });
  expect(direct.ok(), await direct.text()).toBe(true);
  const playerId = (await direct.json()).value.items[0].memberId as number;
  // The member logs in on the site and deposits R$ 100,00 by PIX, paid on the sandbox provider's page.
  const memberContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const pm = await memberContext.newPage();
  await useLanguage(pm, lang);
  await pm.goto('/');
  await openLogin(pm, lang);
  await submitLogin(pm, lang, player, PASSWORD);
  await expectLoggedIn(pm, lang);
  const memberToken = await pm.evaluate(() => sessionStorage.getItem('token'));
  const deposit = await pm.request.post('/wps/v2/deposits', {
    headers: { Authorization: `Bearer ${memberToken}` },
    data: { channel: 'PIX', amount: 10_000, idempotencyKey: `e2e-${unique()}` },
  });
  expect(deposit.ok(), await deposit.text()).toBe(true);
  await pm.goto((await deposit.json()).value.payUrl as string);
  await pm.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(pm.getByRole('status')).toContainText('gateway answered 200');
  await memberContext.close();
  await playSandboxRounds(p2.request, playerId, [
    { gameCode: 'LIVE_BACCARAT', stake: 3_000, payout: 1_000 },
    { gameCode: 'LIVE_ROULETTE', stake: 2_000, payout: 0 },
    { gameCode: 'FISH_OCEAN', stake: 1_500, payout: 4_000 },
  ]);
  // The rounds reach the team rollups through the reports consumer after their commits: wait for them
  // in the downline's own team summary before settling.
  await expect
    .poll(async () => {
      const res = await p2.request.get('/wps/agent/team/summary?period=D', { headers: subAuth });
      return (await res.json()).value.validBet as number;
    })
    .toBe(6_500);

  // The schedule settles it: from the job's next run on (every 10 s here), this contract is settled a
  // day ahead of the job's clock, so today is a closed day for it; the job pays it, and the journey
  // waits for the payment to show in the downline's settlements.
  const mine = await p2.request.get('/wps/agent/contracts?role=downline&kind=DAILY', { headers: subAuth });
  expect(mine.ok(), await mine.text()).toBe(true);
  const contractId = (await mine.json()).value.list[0].id as number;
  const ahead = await p2.request.post('/dev/agent-contracts/clock', {
    data: { contractIds: [contractId], aheadSeconds: 86_400 },
  });
  expect(ahead.ok(), await ahead.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const res = await p2.request.get('/wps/agent/contracts/settlements?kind=DAILY&role=downline', {
          headers: subAuth,
        });
        const list = (await res.json()).value.list as { contractId: number; paid: number }[];
        return list.find((s) => s.contractId === contractId)?.paid;
      },
      { timeout: 60_000 },
    )
    .toBe(97);

  for (const p of [p2, page]) {
    await p.goto('/agentHome?page=agentDailyWages2');
    const row = p.getByTestId('settlement-row').filter({ hasText: sub });
    await expect(row).toBeVisible();
    await expect(row).toContainText('agent01');
    // Its inputs and the payout: R$ 65,00 of valid bet, 1.5 %, R$ 0,97 paid (the house pays agent01's
    // grants: agent01 has no upline).
    await expect(row).toContainText(money('65,00'));
    await expect(row).toContainText(money('0,97'));
  }
  // The downline's account record holds the credit.
  await p2.goto('/member?page=transactionHistory');
  const credited = p2
    .getByTestId('record-row')
    .filter({ hasText: t(lang, 'wallet.record.types.AGENT_CONTRACT') });
  await expect(credited).toContainText(`+${money('0,97')}`);
  await shot(p2, info, 'contracts-account-record');
  await shot(p2, info, 'contracts-downline-page');
  await shot(page, info, 'contracts-upline-page');
  // Whole pages in both themes for a person to look at.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: `e2e/.artifacts/shots/${info.project.name}-contracts-full-${scheme}.png`,
      fullPage: true,
    });
  }
  // The settled contract page (its settlement row with the breakdown) and the account record, in
  // both languages and both themes at this width (a gallery: one of each in CI).
  for (const l of gallery(['PT', 'EN'] as const)) {
    await p2.addInitScript((value) => localStorage.setItem('banca.language', value), l);
    const amount = l === 'PT' ? '0,97' : '0.97';
    for (const scheme of gallery(['light', 'dark'] as const)) {
      await p2.emulateMedia({ colorScheme: scheme });
      await p2.goto('/agentHome?page=agentDailyWages2');
      const row = p2.getByTestId('settlement-row').filter({ hasText: sub });
      await expect(row).toContainText(amount);
      await row.scrollIntoViewIfNeeded();
      await shot(p2, info, `contracts-settled-${l}-${scheme}`);
      // The table scrolls sideways (its card on a desktop, the table itself on a phone): its last
      // columns (amount, paid, owed) too.
      await p2.locator('.contract-settlements').evaluate((el) => {
        for (const box of [el, el.querySelector('table')]) if (box) box.scrollLeft = box.scrollWidth;
      });
      await shot(p2, info, `contracts-settled-${l}-${scheme}-end`);
      await p2.goto('/member?page=transactionHistory');
      await expect(
        p2.getByTestId('record-row').filter({ hasText: t(l, 'wallet.record.types.AGENT_CONTRACT') }),
      ).toContainText(`+${amount}`);
      await shot(p2, info, `contracts-record-${l}-${scheme}`);
    }
  }
  await other.close();
  if (isPhone(info)) return;

  // The operator's Contracts page: the contract, its settlement and the period's run.
  // axe-core is injected into the pages below; the app's CSP would refuse it otherwise.
  const office = await browser.newContext({ baseURL: new URL(page.url()).origin, bypassCSP: true });
  const o = await office.newPage();
  await backofficeLogin(o);
  await o
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Contratos' })
    .click();
  await expect(o.getByRole('heading', { name: 'Contratos', level: 1 })).toBeVisible();
  await o.getByLabel('Conta do upline ou downline').fill(sub);
  await o.getByRole('button', { name: 'Filtrar' }).click();
  await expect(o).toHaveURL(new RegExp(`account=${sub}`));
  const contractRow = o.getByRole('row').filter({ hasText: sub });
  await expect(contractRow).toHaveCount(1);
  await expect(contractRow).toContainText('Salário diário');
  await expect(contractRow).toContainText('Ativo');
  await contractRow.getByRole('link').click();
  await expect(o.getByRole('heading', { name: /Contrato nº \d+/ })).toBeVisible();
  const settlement = o
    .getByRole('table', { name: 'Liquidações' })
    .getByRole('row')
    .filter({ hasText: 'Casa' });
  await expect(settlement).toHaveCount(1);
  const period = (await settlement.locator('code').innerText()).trim();
  expect(period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(o.getByTestId('contract-history')).toContainText('Ativo');
  const detailUrl = o.url();

  await o
    .getByRole('link', { name: /Contratos$/ })
    .first()
    .click();
  await o.getByRole('tab', { name: 'Liquidações' }).click();
  const run = o.getByRole('row').filter({ hasText: period }).filter({ hasText: 'Salário diário' });
  await expect(run).toHaveCount(1);
  await expect(run.getByRole('cell').nth(3)).not.toHaveText('0');
  const runsUrl = o.url();

  // Photographs: both themes, PT and EN, desktop and 768 px (a gallery: PT at 1366 in CI; axe checks
  // both themes either way, their contrasts differ).
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const lang of gallery(['pt', 'en'] as const))
    for (const theme of ['light', 'dark'] as const) {
      await o.evaluate(
        ([l, th]) => {
          localStorage.setItem('banca.backoffice.lang', l);
          localStorage.setItem('banca.backoffice.theme', th);
        },
        [lang, theme] as const,
      );
      for (const [name, url, ready] of [
        ['list', `/backoffice/contracts?account=${sub}`, sub],
        ['detail', detailUrl, period],
        ['runs', runsUrl, period],
        ['debts', '/backoffice/contracts?tab=debts', null],
        ['settings', '/backoffice/contracts?tab=settings', null],
      ] as const)
        for (const [width, height] of gallery([
          [1366, 900],
          [768, 1024],
        ] as const)) {
          // Loaded at its width: the menu drawer starts closed rather than sliding away.
          await o.setViewportSize({ width, height });
          await o.goto(url);
          await expect(o.getByRole('heading', { level: 1 })).toBeVisible();
          if (ready) await expect(o.getByRole('row').filter({ hasText: ready }).first()).toBeVisible();
          else await expect(o.getByRole('heading', { level: 2 }).first()).toBeVisible();
          await o.screenshot({
            path: `${SHOTS_DIR}/agentops-contracts-${name}-${lang}-${theme}-${width}.png`,
            fullPage: true,
          });
          if (width === 1366) {
            const { violations } = await new AxeBuilder({ page: o }).analyze();
            expect
              .soft(
                violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
                `${name} ${lang} ${theme}`,
              )
              .toEqual([]);
          }
        }
    }

  // The operator ends the contract with a reason; agent01 sees it ended by the operator.
  await o.evaluate(() => {
    localStorage.setItem('banca.backoffice.lang', 'pt');
    localStorage.setItem('banca.backoffice.theme', 'light');
  });
  await o.setViewportSize({ width: 1366, height: 900 });
  await o.goto(detailUrl);
  await o.getByRole('button', { name: 'Encerrar contrato' }).click();
  const end = o.getByRole('dialog', { name: /Encerrar o contrato/ });
  await end.getByLabel('Motivo (fica na auditoria)').fill('contrato encerrado no teste e2e');
  await end.getByRole('button', { name: 'Encerrar contrato' }).click();
  await expect(o.getByText('O contrato foi encerrado.')).toBeVisible();
  await expect(o.getByTestId('contract-status')).toHaveText('Encerrado');
  await expect(o.getByTestId('contract-history')).toContainText('Encerrado pelo operador');
  await office.close();

  await page.goto('/agentHome?page=agentDailyWages2');
  const card = page.locator('.contract-card').filter({ hasText: sub });
  await expect(card).toContainText(t(lang, 'contracts.statuses.terminated'));
  await expect(card).toContainText(t(lang, 'contracts.endedReasons.ended_by_operator'));
  await shot(page, info, 'contracts-ended-by-operator');
});

test('the higher-rate rule ends a downline contract after confirmation; another tree stays closed', async ({
  page,
  browser,
}, info) => {
  // Four agents' sessions and the status history at the end: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const lang = langOf(info);
  const origin = () => ({ baseURL: new URL(page.url()).origin });
  const registerAgent = async (p: Page) => {
    await p.goto('/agentHome?page=registerCenter');
    const account = newUsername();
    await p.getByText(t(lang, 'agent.register.kinds.agent'), { exact: true }).click();
    await p.getByLabel(t(lang, 'agent.register.username'), { exact: true }).fill(account);
    await p.getByLabel(t(lang, 'agent.register.password'), { exact: true }).fill(PASSWORD);
    await p.getByRole('button', { name: t(lang, 'agent.register.submit'), exact: true }).click();
    await expect(p.getByRole('status').filter({ hasText: account })).toBeVisible();
    return account;
  };
  const offerDaily = async (p: Page, downline: string, rate: string) => {
    await p.goto('/agentHome?page=agentDailyWages2');
    const form = p.locator('form.contract-offer');
    await form.getByLabel(t(lang, 'contracts.downline')).selectOption({ label: downline });
    await form.getByLabel(t(lang, 'contracts.rate'), { exact: true }).fill(rate);
    await form.getByRole('button', { name: t(lang, 'contracts.sendOffer') }).click();
    await expect(form.getByRole('status').filter({ hasText: downline })).toBeVisible();
  };
  const popupOf = (p: Page) => p.getByRole('dialog', { name: t(lang, 'contracts.kinds.DAILY') });

  // agent01 -> a -> b: a grants b 1.5 % before it has a contract of its own.
  await agentLogin(page, lang, 'agent01', 'Demo1234');
  const a = await registerAgent(page);
  const aContext = await browser.newContext(origin());
  const pa = await aContext.newPage();
  await agentLogin(pa, lang, a, PASSWORD);
  const b = await registerAgent(pa);
  await offerDaily(pa, b, '1,5');
  const bContext = await browser.newContext(origin());
  const pb = await bContext.newPage();
  await agentLogin(pb, lang, b, PASSWORD);
  await popupOf(pb)
    .getByRole('button', { name: t(lang, 'contracts.accept') })
    .click();
  await expect(popupOf(pb)).toHaveCount(0);

  // agent01 offers a only 1 %: accepting asks first, naming b's contract, then ends it.
  await offerDaily(page, a, '1');
  await pa.goto('/agentHome');
  const popup = popupOf(pa);
  await popup.getByRole('button', { name: t(lang, 'contracts.accept') }).click();
  const warning = popup.getByRole('alert');
  await expect(warning).toContainText(t(lang, 'contracts.higherRate'));
  await expect(warning).toContainText(b);
  await shot(pa, info, 'contracts-higher-rate');
  await popup.getByRole('button', { name: t(lang, 'contracts.proceed') }).click();
  await expect(popup).toHaveCount(0);
  await pa.goto('/agentHome?page=agentDailyWages2');
  const ended = pa.locator('.contract-card').filter({ hasText: b });
  await expect(ended).toContainText(t(lang, 'contracts.statuses.terminated'));
  await expect(ended).toContainText(t(lang, 'contracts.endedReasons.upline_rate_lowered'));
  await expect(pa.locator('.contract-card').filter({ hasText: 'agent01' })).toContainText(
    t(lang, 'contracts.statuses.active'),
  );

  // a cannot open anyone outside its own tree: its upline's bets are refused like a missing member's.
  await pa.goto('/agentHome?page=personalHistoryCopy');
  await pa.getByLabel(t(lang, 'agent.reports.member')).fill('agent01');
  await pa.getByRole('button', { name: t(lang, 'records.apply') }).click();
  await expect(
    pa.getByText(lang === 'PT' ? 'Membro não encontrado na sua equipe.' : 'No such member in your team.'),
  ).toBeVisible();
  await shot(pa, info, 'contracts-outside-tree');

  // The ended contract's status history (branch agentops2): offered, accepted, ended by a's acceptance.
  await pa.goto('/agentHome?page=agentDailyWages2');
  const history = pa.locator('.contract-card').filter({ hasText: b }).locator('details.contract-history');
  await history.locator('summary').click();
  await expect(history.getByTestId('contract-history').getByRole('listitem')).toHaveCount(3);
  await expect(history).toContainText(t(lang, 'contracts.endedReasons.upline_rate_lowered'));
  await expect(history).toContainText(t(lang, 'contracts.historyBy.upline'));
  await history.scrollIntoViewIfNeeded();
  await shot(pa, info, 'contracts-history');
  await aContext.close();
  await bContext.close();
});
