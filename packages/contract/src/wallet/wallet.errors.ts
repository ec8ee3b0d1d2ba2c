/**
 * Error codes of the wallet and its ledger, in the same shape as ../errors.ts and the auth catalogue:
 * a stable machine key, its HTTP status and PT/EN messages (formance-style taxonomy: insufficient
 * funds, idempotency conflict, ...). Composed statically into ERROR_CATALOGUE (../error-catalogue.ts),
 * which is how the server's error handler knows these codes; nothing registers them at start-up.
 */
export const WALLET_ERROR_STATUS = {
  /** The debited wallet holds less than the amount; nothing was moved. */
  insufficient_funds: 409,
  /** An idempotency key was used before with different parameters; nothing was moved. */
  idempotency_conflict: 409,
  /** The two accounts hold different currencies (e.g. play money and real money). */
  currency_mismatch: 400,
  /** Not a transfer: amount not a positive integer of minor units, or the same account twice. */
  invalid_transfer: 400,
  /** A ledger account id that does not exist. */
  ledger_account_not_found: 404,
  /** A wallet transfer naming a wallet that is neither MAIN nor a known game vendor's. */
  unknown_wallet: 404,
  /** Money into a vendor wallet while the merchant runs one wallet for every game. */
  wallet_mode_single: 409,
  /** An adjustment request's requester cannot approve it: a second operator must. */
  adjustment_self_approval: 403,
  /** The adjustment request was already decided (approved or rejected); value.status. */
  adjustment_state_conflict: 409,
} as const;

export type WalletErrorCode = keyof typeof WALLET_ERROR_STATUS;
export const WALLET_ERROR_CODES = Object.keys(WALLET_ERROR_STATUS) as WalletErrorCode[];
export const isWalletErrorCode = (code: string): code is WalletErrorCode => code in WALLET_ERROR_STATUS;

export const WALLET_ERROR_MESSAGES: Record<WalletErrorCode, { PT: string; EN: string }> = {
  insufficient_funds: { PT: 'Saldo insuficiente.', EN: 'Insufficient balance.' },
  idempotency_conflict: {
    PT: 'Esta operação já foi feita com outros dados.',
    EN: 'This operation was already made with different data.',
  },
  currency_mismatch: {
    PT: 'As contas usam moedas diferentes.',
    EN: 'The accounts hold different currencies.',
  },
  invalid_transfer: { PT: 'Transferência inválida.', EN: 'Invalid transfer.' },
  ledger_account_not_found: { PT: 'Conta de saldo não encontrada.', EN: 'Balance account not found.' },
  unknown_wallet: { PT: 'Carteira desconhecida.', EN: 'Unknown wallet.' },
  wallet_mode_single: {
    PT: 'Este site usa uma só carteira para todos os jogos.',
    EN: 'This site uses one wallet for every game.',
  },
  adjustment_self_approval: {
    PT: 'Um segundo operador deve aprovar este ajuste; quem o pediu não pode.',
    EN: 'A second operator must approve this adjustment; its requester cannot.',
  },
  adjustment_state_conflict: {
    PT: 'Este pedido de ajuste já foi decidido.',
    EN: 'This adjustment request has already been decided.',
  },
};
