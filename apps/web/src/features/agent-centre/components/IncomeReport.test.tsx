import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { IncomeValue } from '@banca/contract';
import { ensureMoreMessages, setLanguage, t } from '@/i18n';
import { uiStore, type MemberInfo } from '@/state';
import IncomeReport from './IncomeReport';

const sources = (up: number, down: number, contract = 0, repaid = 0, withheld = 0) => ({
  UPLINE_TRANSFER: up,
  DOWNLINE_TRANSFER: down,
  CONTRACT: contract,
  DEBT_REPAID: repaid,
  DEBT_WITHHELD: withheld,
});
const kinds = (daily = 0) => ({ DIVIDEND: 0, DAILY: daily, HOURLY: 0, REALTIME: 0 });
const VALUE: IncomeValue = {
  currency: 'BRL',
  timeZone: 'America/Sao_Paulo',
  periods: [
    { label: '2026-11-01', total: 123_45, sources: sources(123_45, 0), contracts: kinds() },
    { label: '2026-11-02', total: 0, sources: sources(0, 0), contracts: kinds() },
    { label: '2026-11-03', total: 10_00, sources: sources(0, 10_00), contracts: kinds() },
  ],
  totals: { total: 133_45, sources: sources(123_45, 10_00), contracts: kinds() },
  contractIncomeAvailable: false,
};
const fetchMock = vi.fn(
  async () =>
    new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: VALUE }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
);

beforeEach(async () => {
  await ensureMoreMessages();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  uiStore.set({ memberInfo: { id: 9, account: 'agent01', nickname: '', type: 1 } as MemberInfo });
});
afterEach(async () => {
  uiStore.reset();
  await setLanguage('PT', false);
});

describe('IncomeReport', () => {
  it('asks for the range in the URL and shows income by source, contract pay as coming', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/agentHome?page=agentRevenueReport&from=2026-11-01&to=2026-11-03']}>
          <IncomeReport />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('income-total')).textContent).toBe('133,45');
    expect(screen.getByTestId('income-UPLINE_TRANSFER').textContent).toBe('123,45');
    expect(screen.getByTestId('income-DOWNLINE_TRANSFER').textContent).toBe('10,00');
    expect(screen.getByTestId('income-CONTRACT').textContent).toBe(t('agent.reports.contractLater'));
    // Newest period first, every period of the range shown.
    const rows = screen.getAllByTestId('income-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('2026-11-03');
    const url = String(fetchMock.mock.calls[0]![0 as never]);
    expect(url).toMatch(/^\/wps\/agent\/income\?/);
    expect(new URL(url, 'http://x').searchParams.get('from')).toBe('2026-11-01');
    expect(new URL(url, 'http://x').searchParams.get('to')).toBe('2026-11-03');
  });

  it('shows contract pay by kind once the contracts module reports it', async () => {
    const value: IncomeValue = {
      ...VALUE,
      periods: [{ label: '2026-11-03', total: 5_00, sources: sources(0, 0, 5_00), contracts: kinds(5_00) }],
      totals: { total: 5_00, sources: sources(0, 0, 5_00), contracts: kinds(5_00) },
      contractIncomeAvailable: true,
    };
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ success: true, code: 'ok', message: '', value }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/agentHome?page=agentRevenueReport&from=2026-11-03&to=2026-11-03']}>
          <IncomeReport />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('income-total')).textContent).toBe('5,00');
    expect(screen.getByTestId('income-CONTRACT').textContent).toBe('5,00');
    expect(screen.getByTestId('income-DAILY').textContent).toBe('5,00');
    // Only the kinds that paid anything get a figure and a column.
    expect(screen.queryByTestId('income-DIVIDEND')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain(
      t('agent.reports.contractKinds.DAILY'),
    );
    expect(screen.getByTestId('income-row').textContent).toContain('5,00');
    // No debt repayments in the range: no debt lines.
    expect(screen.queryByTestId('income-DEBT_REPAID')).toBeNull();
    expect(screen.queryByTestId('income-DEBT_WITHHELD')).toBeNull();
  });

  it('shows debt repayments as their own lines: received, and withheld from contract pay', async () => {
    const value: IncomeValue = {
      ...VALUE,
      periods: [
        {
          label: '2026-11-03',
          total: 13_00,
          sources: sources(0, 0, 20_00, 0, -7_00),
          contracts: kinds(20_00),
        },
      ],
      totals: { total: 13_00, sources: sources(0, 0, 20_00, 0, -7_00), contracts: kinds(20_00) },
      contractIncomeAvailable: true,
    };
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ success: true, code: 'ok', message: '', value }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/agentHome?page=agentRevenueReport&from=2026-11-03&to=2026-11-03']}>
          <IncomeReport />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('income-total')).textContent).toBe('13,00');
    expect(screen.getByTestId('income-DEBT_WITHHELD').textContent).toBe('-7,00');
    // Only the side that moved money in the range is shown.
    expect(screen.queryByTestId('income-DEBT_REPAID')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain(
      t('agent.reports.sources.DEBT_WITHHELD'),
    );
  });
});
