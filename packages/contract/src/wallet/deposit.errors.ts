/** Error codes of deposits and the live stream (same shape as wallet.errors.ts). */
export const DEPOSIT_ERROR_STATUS = {
  /** No payment provider is configured (production without one): deposits are closed. */
  payment_unavailable: 503,
  /** The channel is unknown or switched off in the merchant's wallet settings. */
  deposit_channel_unavailable: 400,
  /** The amount is outside the channel's min/max; value: { min, max }. */
  deposit_amount_out_of_range: 400,
  /** No such deposit of this member. */
  deposit_not_found: 404,
  /** The stream ticket is unknown, used or expired: ask for a new one. */
  stream_ticket_invalid: 401,
} as const;

export type DepositErrorCode = keyof typeof DEPOSIT_ERROR_STATUS;
export const DEPOSIT_ERROR_CODES = Object.keys(DEPOSIT_ERROR_STATUS) as DepositErrorCode[];

export const DEPOSIT_ERROR_MESSAGES: Record<DepositErrorCode, { PT: string; EN: string }> = {
  payment_unavailable: {
    PT: 'Depósitos indisponíveis no momento.',
    EN: 'Deposits are unavailable at the moment.',
  },
  deposit_channel_unavailable: {
    PT: 'Este meio de depósito não está disponível.',
    EN: 'This deposit method is not available.',
  },
  deposit_amount_out_of_range: {
    PT: 'Valor fora dos limites de depósito.',
    EN: 'Amount outside the deposit limits.',
  },
  deposit_not_found: { PT: 'Depósito não encontrado.', EN: 'Deposit not found.' },
  stream_ticket_invalid: {
    PT: 'Ligação em tempo real expirada.',
    EN: 'Live connection ticket expired.',
  },
};
