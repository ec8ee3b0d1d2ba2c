import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Withdrawal } from '@banca/contract';
import { ensureMoreMessages, setLanguage } from '@/i18n';
import { Tracker } from './WithdrawPage';

const failed: Withdrawal = {
  id: 41,
  amount: 20_000,
  currency: 'BRL',
  status: 'FAILED',
  payoutKey: { type: 'EMAIL', keyMasked: 'm****@payout-refused.example', payeeNameMasked: 'M**** S****' },
  requestedAt: '2026-11-24T10:00:00.000Z',
  approvedAt: '2026-11-24T10:05:00.000Z',
  paidAt: null,
  confirmedAt: null,
  rejectedAt: null,
  rejectReason: null,
  failedAt: '2026-11-24T10:05:03.000Z',
  failReason: 'payout_key_refused',
  cancelledAt: null,
  confirmation: null,
  payoutTargetMinutes: 120,
};

beforeEach(async () => {
  await ensureMoreMessages();
});
afterEach(async () => {
  await setLanguage('PT', false);
});

describe('the withdrawal tracker of a failed payout', () => {
  it('says why in Portuguese, that the money is back, and runs no clock', async () => {
    const { container } = render(<Tracker w={failed} />);
    expect(container.querySelector('[data-testid="wd-status"]')?.textContent).toBe('Falhou');
    const reason = container.querySelector('[data-testid="wd-fail-reason"]')?.textContent ?? '';
    expect(reason).toMatch(/recusou a chave PIX/);
    expect(reason).toMatch(/voltou para sua carteira/);
    expect(container.querySelector('.wd-clock')).toBeNull();
    expect(container.querySelector('.wd-steps')).toBeNull();
    expect(container.querySelector('.wd-badge--failed')).not.toBeNull();
  });

  it('in English, and with the generic reason when the rail gave another one', async () => {
    await setLanguage('EN', false);
    const { container } = render(<Tracker w={{ ...failed, failReason: 'payout_refused' }} />);
    expect(container.querySelector('[data-testid="wd-status"]')?.textContent).toBe('Failed');
    expect(container.querySelector('[data-testid="wd-fail-reason"]')?.textContent).toBe(
      'The payout failed at the provider. The amount is back in your wallet.',
    );
  });
});

const requested: Withdrawal = {
  ...failed,
  id: 42,
  status: 'REQUESTED',
  approvedAt: null,
  failedAt: null,
  failReason: null,
};

describe('a withdrawal still waiting for a decision', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers to cancel it, and the cancel call answers the cancelled withdrawal to the page', async () => {
    const cancelled = { ...requested, status: 'CANCELLED', cancelledAt: '2026-11-24T10:02:00.000Z' };
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe('/wps/v2/wallets/withdrawals/42/cancel');
      expect(init?.method).toBe('POST');
      return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: cancelled }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onCancelled = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Tracker w={requested} onCancelled={onCancelled} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar saque' }));
    await vi.waitFor(() => expect(onCancelled).toHaveBeenCalledWith(cancelled));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('once cancelled: says the money is back, with no clock, no steps and no cancel button', () => {
    const { container } = render(
      <Tracker w={{ ...requested, status: 'CANCELLED', cancelledAt: '2026-11-24T10:02:00.000Z' }} />,
    );
    expect(container.querySelector('[data-testid="wd-status"]')?.textContent).toBe('Cancelado');
    expect(container.textContent).toMatch(/Cancelado por você. O valor voltou para sua carteira./);
    expect(container.querySelector('.wd-clock')).toBeNull();
    expect(container.querySelector('.wd-steps')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar saque' })).toBeNull();
  });
});
