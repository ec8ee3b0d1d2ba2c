/**
 * Error codes of the member's money settings, withdrawals and member-to-member transfers (issue 9,
 * items 3, 4 and 6). Same shape as wallet.errors.ts; composed into ERROR_CATALOGUE.
 */
export const WITHDRAW_ERROR_STATUS = {
  /** No payment password yet: the security centre sets one. */
  payment_password_not_set: 409,
  /** Wrong payment password; value.triesLeft. */
  payment_password_wrong: 403,
  /** Too many wrong payment passwords; value.lockedUntil (ISO time). */
  payment_password_locked: 423,
  /** The login password given to change the payment password is wrong. */
  login_password_wrong: 403,
  /** No payout PIX key bound yet. */
  payout_key_not_set: 409,
  /** Below the merchant's minimum or above its maximum per withdrawal; value.min, value.max. */
  withdraw_amount_out_of_range: 400,
  /** Today's withdrawal count or amount would exceed the merchant's daily limit; value. */
  withdraw_daily_limit: 409,
  /** Bonus money is not wagered enough yet; value.remaining. */
  turnover_not_met: 409,
  /** The withdrawal is not in a state that allows this (e.g. approved twice); value.status. */
  withdrawal_state_conflict: 409,
  /** Only a withdrawal still waiting for a decision (REQUESTED) can be cancelled by its member; once
   *  approved, rejected, paid or failed it cannot; value.status. */
  withdrawal_not_cancellable: 409,
  /** A "not received" answer needs a png or jpg proof image of at most 5 MB. */
  proof_invalid: 400,
} as const;

export type WithdrawErrorCode = keyof typeof WITHDRAW_ERROR_STATUS;
export const WITHDRAW_ERROR_CODES = Object.keys(WITHDRAW_ERROR_STATUS) as WithdrawErrorCode[];

export const WITHDRAW_ERROR_MESSAGES: Record<WithdrawErrorCode, { PT: string; EN: string }> = {
  payment_password_not_set: {
    PT: 'Defina primeiro uma senha de pagamento.',
    EN: 'Set a payment password first.',
  },
  payment_password_wrong: { PT: 'Senha de pagamento incorreta.', EN: 'Wrong payment password.' },
  payment_password_locked: {
    PT: 'Senha de pagamento bloqueada por excesso de tentativas. Tente mais tarde.',
    EN: 'Payment password locked after too many tries. Try again later.',
  },
  login_password_wrong: { PT: 'Senha de login incorreta.', EN: 'Wrong login password.' },
  payout_key_not_set: {
    PT: 'Vincule primeiro uma chave PIX para saque.',
    EN: 'Bind a PIX payout key first.',
  },
  withdraw_amount_out_of_range: {
    PT: 'Valor fora dos limites de saque.',
    EN: 'Amount outside the withdrawal limits.',
  },
  withdraw_daily_limit: { PT: 'Limite diário de saques atingido.', EN: 'Daily withdrawal limit reached.' },
  turnover_not_met: {
    PT: 'O bônus ainda precisa ser apostado antes do saque.',
    EN: 'Bonus money must be wagered before withdrawing.',
  },
  withdrawal_state_conflict: {
    PT: 'Este saque não permite esta ação agora.',
    EN: 'This withdrawal does not allow this action now.',
  },
  withdrawal_not_cancellable: {
    PT: 'Este saque já foi decidido ou está em pagamento e não pode mais ser cancelado.',
    EN: 'This withdrawal has already been decided or is being paid and can no longer be cancelled.',
  },
  proof_invalid: {
    PT: 'Envie uma imagem PNG ou JPG de até 5 MB como comprovante.',
    EN: 'Send a PNG or JPG image of at most 5 MB as proof.',
  },
};
