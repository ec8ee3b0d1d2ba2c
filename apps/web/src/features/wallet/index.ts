import { lazy } from 'react';

/** Wallet: the balance, the account record; deposits, withdrawals and transfers come with the wallet issue. */
export { BalanceChip } from './components/BalanceChip';
export { balanceQuery } from './api/wallet-api';
export { formatMinorUnits } from './money-format';
/** member centre transactionHistory (account record): its own chunk, loaded when opened. */
export const TransactionHistory = lazy(() => import('./components/TransactionHistory'));
