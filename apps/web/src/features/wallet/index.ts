/** Wallet: the balance today; deposits, withdrawals and transfers come with the wallet issue. */
export { BalanceChip } from './components/BalanceChip';
export { balanceQuery } from './api/wallet-api';
export { formatMinorUnits } from './money-format';
