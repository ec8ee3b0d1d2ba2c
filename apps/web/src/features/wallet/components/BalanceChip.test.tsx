import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LOCAL_KEYS, type BalanceValue } from '@banca/contract';
import { ensureMoreMessages, setLanguage, t } from '@/i18n';
import { uiStore, type MemberInfo } from '@/state';
import { BalanceChip } from './BalanceChip';

let answer: BalanceValue;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  expect(String(input)).toMatch(/^\/wps\/v2\/wallets\/balance/);
  return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: answer }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
});

const renderChip = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BalanceChip />
    </QueryClientProvider>,
  );

const amount = (container: HTMLElement) => container.querySelector('.balance__amount')?.textContent;

beforeEach(async () => {
  await ensureMoreMessages();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  localStorage.clear();
  answer = { balance: 123456, currency: 'BRL', currencySymbol: 'R$', playMoney: false };
  uiStore.set({ memberInfo: { id: 7, account: 'ana001', nickname: '', type: 0 } as MemberInfo });
});
afterEach(async () => {
  uiStore.reset();
  await setLanguage('PT', false);
});

describe('BalanceChip', () => {
  it('shows a dash until the gateway answers, then its figure to the cent', async () => {
    const { container } = renderChip();
    expect(amount(container)).toBe('—');
    await screen.findByText('R$');
    expect(amount(container)).toBe('1.234,56');
    expect(screen.queryByText(t('wallet.playMoney'))).toBeNull();
  });

  it('marks play money', async () => {
    answer = { balance: 100000, currency: 'XPL', currencySymbol: 'XPL', playMoney: true };
    renderChip();
    expect(await screen.findByText(t('wallet.playMoney'))).toBeTruthy();
  });

  it('hides the figure on request and remembers the choice on this device', async () => {
    const first = renderChip();
    await screen.findByText('R$');
    fireEvent.click(screen.getByRole('button', { name: t('wallet.hideBalance') }));
    expect(amount(first.container)).toBe('••••');
    expect(localStorage.getItem(LOCAL_KEYS.balanceHidden)).toBe('1');
    first.unmount();

    const again = renderChip();
    await act(async () => {});
    expect(amount(again.container)).toBe('••••');
    fireEvent.click(screen.getByRole('button', { name: t('wallet.showBalance') }));
    expect(amount(again.container)).toBe('1.234,56');
    expect(localStorage.getItem(LOCAL_KEYS.balanceHidden)).toBeNull();
  });

  it('asks the gateway again at most once a second, however fast refresh is pressed', async () => {
    renderChip();
    await screen.findByText('R$');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer = { ...answer, balance: 50 };
    const refresh = screen.getByRole('button', { name: t('wallet.refreshBalance') });
    await act(async () => {
      fireEvent.click(refresh);
      fireEvent.click(refresh);
      fireEvent.click(refresh);
    });
    await screen.findByText('0,50');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
