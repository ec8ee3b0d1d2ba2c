import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TeamOverviewValue, TeamSummaryValue } from '@banca/contract';
import { ensureMoreMessages, setLanguage, t, type TKey } from '@/i18n';
import { uiStore, type MemberInfo } from '@/state';
import { TeamOverview } from './TeamOverview';

let answers: (TeamOverviewValue | 'fail')[];
const SUMMARY: TeamSummaryValue = {
  period: 'D',
  from: '2026-11-28',
  to: '2026-11-28',
  currency: 'BRL',
  teamSize: 1250,
  newMembers: 2,
  activeMembers: 40,
  depositCount: 3,
  depositAmount: 150_00,
  withdrawalCount: 1,
  withdrawalAmount: 20_00,
  validBet: 999_50,
  profit: -120_00,
  bonusAmount: 0,
};
const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, code: 'ok', message: '', value }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  if (String(input).startsWith('/wps/agent/team/summary')) return ok(SUMMARY);
  expect(String(input)).toMatch(/^\/wps\/agent\/team\/overview/);
  const next = answers.shift()!;
  if (next === 'fail')
    return new Response(JSON.stringify({ success: false, code: 'unavailable', message: '', value: {} }), {
      status: 503,
      headers: { 'Content-Type': 'application/json' },
    });
  return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: next }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
});

const renderOverview = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TeamOverview />
    </QueryClientProvider>,
  );

/** The figure shown under a stat's label. */
const figure = async (labelKey: TKey) => {
  const term = await screen.findByText(t(labelKey));
  return within(term.parentElement!).getByRole('definition').textContent;
};

beforeEach(async () => {
  await ensureMoreMessages();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  answers = [];
  uiStore.set({ memberInfo: { id: 9, account: 'agent01', nickname: '', type: 1 } as MemberInfo });
});
afterEach(async () => {
  uiStore.reset();
  await setLanguage('PT', false);
});

describe('TeamOverview', () => {
  it("shows the gateway's head counts", async () => {
    answers = [{ directMembers: 3, totalMembers: 1250, directAgents: 1, newThisMonth: 0 }];
    const { container } = renderOverview();
    // Placeholders, not zeros, until the answer arrives.
    expect(screen.getByRole('status', { name: t('common.loading') })).toBeTruthy();
    expect(container.querySelector('dd')).toBeNull();

    expect(await figure('agent.team.directMembers')).toBe('3');
    expect(await figure('agent.team.totalMembers')).toBe('1.250');
    expect(await figure('agent.team.directAgents')).toBe('1');
    expect(await figure('agent.team.newThisMonth')).toBe('0');
    // The period's figures: money in minor units shown as the currency's amount.
    expect(await figure('agent.summary.validBet')).toBe('BRL 999,50');
    expect(await figure('agent.summary.activeMembers')).toBe('40');
  });

  it('says when the figures cannot be had and retries on request', async () => {
    answers = ['fail', { directMembers: 2, totalMembers: 5, directAgents: 1, newThisMonth: 1 }];
    renderOverview();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('agent.team.failed'));
    expect(screen.queryByText(t('agent.team.totalMembers'))).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: t('common.retry') }));
    expect(await figure('agent.team.totalMembers')).toBe('5');
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/team/overview'))).toHaveLength(2);
  });
});
