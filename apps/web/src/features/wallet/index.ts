import { lazy } from 'react';

/** Wallet: the header balance and the member-centre wallet pages (each page its own lazy chunk). */
export { BalanceChip } from './components/BalanceChip';
export { balanceQuery } from './api/wallet-api';
export { formatMinorUnits } from './money-format';
export const TransferFund = lazy(() => import('./components/TransferFund'));
/** transactionHistory (account record). */
export const TransactionHistory = lazy(() => import('./components/TransactionHistory'));
