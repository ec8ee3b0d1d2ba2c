import { lazy } from 'react';
import { withMessages } from '@/i18n';

/** Wallet: the balance, the security centre's money settings, withdrawals and tree transfers. */
export { BalanceChip } from './components/BalanceChip';
export { balanceQuery } from './api/wallet-api';
export { formatMinorUnits } from './money-format';
/** Member-centre wallet screens, each in its own lazy chunk with its messages. */
export const MoneySettings = lazy(withMessages(() => import('./components/MoneySettings')));
export const WithdrawPage = lazy(withMessages(() => import('./components/WithdrawPage')));
export const TransferUplinePage = lazy(withMessages(() => import('./components/TransferUplinePage')));
