import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { langOf, register, unique, useLanguage } from './auth-support';
import { financeOperator, fromOwnAddress, isPhone, shot, t } from './support';

/**
 * The account record (issue 9, member centre transactionHistory) as a new member meets it: an
 * operator credits and debits the member through the adjustments API (a named finance operator,
 * created with the bootstrap token), the member finds the movements with their balance after,
 * filters them by type and by day, and downloads the CSV and reads it. Phones run in English,
 * desktops in Portuguese.
 */
test.describe.configure({ mode: 'serial' });

async function memberId(page: Page): Promise<number> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await page.request.get('/wps/member/info', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).value.id as number;
}

test('credit a member through the adjustments API, find the movements, filter them and download the CSV', async ({
  page,
  request,
}, info) => {
  const lang = langOf(info);
  await useLanguage(page, lang);
  await fromOwnAddress(page, info);
  await register(page, lang, 'username');
  const id = await memberId(page);

  // An empty record first: the honest empty state.
  await page.goto('/member?page=transactionHistory');
  await expect(page.getByText(t(lang, 'wallet.record.empty'))).toBeVisible();
  await shot(page, info, 'record-empty');

  const ops = await financeOperator(request);
  const adjust = async (amount: number, reason: string) => {
    const res = await request.post('/ops/wallet/adjustments', {
      headers: ops,
      data: { memberId: id, amount, reason, idempotencyKey: `e2e-${unique()}-${amount}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).value;
  };
  expect(await adjust(15_000, 'Welcome credit')).toMatchObject({ balanceBefore: 0, balanceAfter: 15_000 });
  expect(await adjust(-2_500, 'Correction')).toMatchObject({ balanceBefore: 15_000, balanceAfter: 12_500 });

  await page.reload();
  const rows = page.getByTestId('record-row');
  await expect(rows).toHaveCount(2);
  const fmt = (minor: string) => (lang === 'PT' ? minor : minor.replace(',', '.'));
  // Newest first: the debit with the balance it left, then the credit.
  await expect(rows.nth(0)).toContainText(t(lang, 'wallet.record.types.ADJUSTMENT'));
  await expect(rows.nth(0)).toContainText(`-${fmt('25,00')}`);
  await expect(rows.nth(0)).toContainText(fmt('125,00'));
  await expect(rows.nth(1)).toContainText(`+${fmt('150,00')}`);
  await shot(page, info, 'record-list');

  // Filters: a type that has no movement empties the list; today's date finds both again.
  await page.getByLabel(t(lang, 'wallet.record.type'), { exact: true }).selectOption('DEPOSIT');
  await page.getByRole('button', { name: t(lang, 'wallet.record.apply') }).click();
  await expect(page.getByText(t(lang, 'records.emptyFiltered'))).toBeVisible();
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await page.getByLabel(t(lang, 'wallet.record.type'), { exact: true }).selectOption('ADJUSTMENT');
  await page.getByLabel(t(lang, 'wallet.record.from'), { exact: true }).fill(today);
  await page.getByLabel(t(lang, 'wallet.record.to'), { exact: true }).fill(today);
  await page.getByRole('button', { name: t(lang, 'wallet.record.apply') }).click();
  await expect(rows).toHaveCount(2);
  if (isPhone(info)) await expect(rows.nth(0)).toHaveCSS('display', 'grid');
  await shot(page, info, 'record-filtered');

  // The CSV of the filtered list: BOM, header in the page's language, one line per movement.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t(lang, 'wallet.record.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^account-record-\d{4}-\d\d-\d\d\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe(
    lang === 'PT'
      ? 'Data/hora (UTC),Tipo,Valor,Moeda,Saldo após,Referência,ID'
      : 'Time (UTC),Type,Amount,Currency,Balance after,Reference,ID',
  );
  expect(lines.slice(1).map((l) => l.split(',').slice(1, 5))).toEqual([
    ['ADJUSTMENT', '-25.00', 'BRL', '125.00'],
    ['ADJUSTMENT', '150.00', 'BRL', '150.00'],
  ]);
});
