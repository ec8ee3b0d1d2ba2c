import { lazy } from 'react';
import { withMessages } from '@/i18n';

/** Wallet: the balance chip, the live balance stream, and the money pages (loaded on demand). */
export { BalanceChip } from './components/BalanceChip';
export { DepositButton } from './components/DepositButton';
export { LiveBalance } from './live-balance';
export const DepositPage = lazy(withMessages(() => import('./components/DepositPage')));
export { balanceQuery } from './api/wallet-api';
export { formatMinorUnits } from './money-format';
export const TransferFund = lazy(() => import('./components/TransferFund'));
