import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
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
