import { expect, test } from '@playwright/test';
import { setMaintenance, setRegion, shot, t, waitForStatus } from './support';

// These flip server-wide settings: run them one after another, and always restore normal mode.
test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await setMaintenance(request, false, null);
  await setRegion(request, []);
  await waitForStatus(request, 0);
});

test('maintenance mode shows the maintenance page with its end time, then the app again', async ({
  page,
  request,
}, info) => {
  const endTime = '2031-05-04T15:30:00Z';
  await setMaintenance(request, true, endTime);
  await waitForStatus(request, 1);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: t('PT', 'game_maintenance') })).toBeVisible();
  await expect(page.getByText(t('PT', 'info_maintenance'))).toBeVisible();
  // The end time is shown in the viewer's zone; the year is in every format.
  await expect(page.getByText(/2031/)).toBeVisible();
  await expect(page.getByRole('button', { name: t('PT', 'common.customerService') })).toBeVisible();
  await shot(page, info, 'maintenance');

  // Other API calls are refused while in maintenance.
  const refused = await request.get('/wps/member/info');
  expect(refused.status()).toBe(503);
  expect((await refused.json()).code).toBe('system_maintenance');

  await setMaintenance(request, false, null);
  await waitForStatus(request, 0);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: t('PT', 'header.login') })).toBeVisible();
});

test('a blocked IP range shows the region-blocked page with the visitor IP', async ({
  page,
  request,
}, info) => {
  await setRegion(request, ['127.0.0.0/8', '::1/128']);
  await waitForStatus(request, 2);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: t('PT', 'blockip') })).toBeVisible();
  await expect(page.getByText(t('PT', 'info_ip_block'))).toBeVisible();
  await expect(page.getByText(/127\.0\.0\.1|::1/)).toBeVisible();
  await expect(page.getByRole('button', { name: t('PT', 'common.customerService') })).toBeVisible();
  await shot(page, info, 'blocked');

  await setRegion(request, []);
  await waitForStatus(request, 0);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
});
