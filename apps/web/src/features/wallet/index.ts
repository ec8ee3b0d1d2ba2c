import { lazy } from 'react';
import { withMessages } from '@/i18n';

/** Wallet: the header balance, the live balance stream, and the member-centre money pages (each page its own lazy chunk). */
export { BalanceChip } from './components/BalanceChip';
export { DepositButton } from './components/DepositButton';
export { LiveBalance, useLiveBalance } from './live-balance';
export const DepositPage = lazy(withMessages(() => import('./components/DepositPage')));
export { balanceQuery } from './api/wallet-api';
export const TransferFund = lazy(withMessages(() => import('./components/TransferFund')));
/** Member-centre wallet screens, each in its own lazy chunk with its messages. */
export const MoneySettings = lazy(withMessages(() => import('./components/MoneySettings')));
export const WithdrawPage = lazy(withMessages(() => import('./components/WithdrawPage')));
export const TransferUplinePage = lazy(withMessages(() => import('./components/TransferUplinePage')));
/** transactionHistory (account record). */
export const TransactionHistory = lazy(withMessages(() => import('./components/TransactionHistory')));
