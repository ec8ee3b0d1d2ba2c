/**
 * Error codes of the house vendor's browser API, in the shape of ../errors.ts. Composed into
 * ERROR_CATALOGUE.
 */
export const HOUSE_ERROR_STATUS = {
  /** The launch token is unknown, used or expired: the game must be launched again from the lobby. */
  house_launch_invalid: 401,
  /** The house session is unknown or expired. */
  house_session_invalid: 401,
  /** The player's balance is below the stake; value.balance. */
  house_insufficient_funds: 409,
  /** The request id was used before for another stake. */
  house_request_conflict: 409,
  /** The session's game is not one this page plays. */
  house_game_unknown: 404,
  /** The gateway's wallet could not be reached or refused for a reason of its own; nothing moved. */
  house_wallet_unavailable: 503,
  /** The session's vendor is not a lottery, or no lottery game has this code. */
  lottery_game_not_found: 404,
  /** No such period on the game's schedule, or one too far ahead to take bets. */
  lottery_unknown_period: 404,
  /** The period no longer (or not yet) takes bets. */
  lottery_betting_closed: 409,
  /** No such market in the game's bet table. */
  lottery_unknown_market: 400,
  /** No such selection in the market. */
  lottery_unknown_selection: 400,
  /** A stake outside the table's limits. */
  lottery_stake_out_of_range: 400,
  /** The request id was used for another purchase. */
  lottery_request_conflict: 409,
  /** The balance is below the ticket's stake; value.balance is the balance. */
  lottery_insufficient_funds: 409,
  /** The purchase was cancelled (its debit was refunded) before it completed. */
  lottery_ticket_void: 409,
  /** The period is not drawn yet. */
  lottery_not_drawn: 404,
  /** The bet breaks the game's rules (value.reason: the game's own code, e.g. slot_bet_out_of_range). */
  house_bad_bet: 400,
  /** This session's game is another one (a dice session cannot spin the slot). */
  house_wrong_game: 409,
  /** The stake was taken and the payout is on its way: the wallet did not confirm it yet. */
  house_round_pending: 503,
  /** The round was cancelled and its stake refunded (the wallet never confirmed the debit). */
  house_round_cancelled: 409,
  /** No such round of this player. */
  house_round_not_found: 404,
} as const;

export type HouseErrorCode = keyof typeof HOUSE_ERROR_STATUS;

export const HOUSE_ERROR_MESSAGES: Record<HouseErrorCode, { PT: string; EN: string }> = {
  house_launch_invalid: {
    PT: 'Este link de jogo expirou. Abra o jogo novamente pelo lobby.',
    EN: 'This game link has expired. Open the game again from the lobby.',
  },
  house_session_invalid: {
    PT: 'Sua sessão de jogo terminou. Abra o jogo novamente pelo lobby.',
    EN: 'Your game session has ended. Open the game again from the lobby.',
  },
  house_insufficient_funds: {
    PT: 'Saldo insuficiente para esta aposta.',
    EN: 'Your balance is too low for this bet.',
  },
  house_request_conflict: {
    PT: 'Esta jogada já foi feita com outro valor.',
    EN: 'This play was already made with another amount.',
  },
  house_game_unknown: {
    PT: 'Este jogo não está disponível aqui.',
    EN: 'This game is not available here.',
  },
  house_wallet_unavailable: {
    PT: 'A carteira não respondeu. Nada foi debitado; tente novamente.',
    EN: 'The wallet did not answer. Nothing was charged; please try again.',
  },
  lottery_game_not_found: {
    PT: 'Este jogo de loteria não existe.',
    EN: 'There is no such lottery game.',
  },
  lottery_unknown_period: {
    PT: 'Este sorteio não existe ou ainda não recebe apostas.',
    EN: 'This draw does not exist or does not take bets yet.',
  },
  lottery_betting_closed: {
    PT: 'As apostas deste sorteio estão encerradas.',
    EN: 'Betting on this draw has closed.',
  },
  lottery_unknown_market: {
    PT: 'Este tipo de aposta não existe neste jogo.',
    EN: 'This game has no such bet type.',
  },
  lottery_unknown_selection: {
    PT: 'Esta opção não existe nesta aposta.',
    EN: 'This bet has no such option.',
  },
  lottery_stake_out_of_range: {
    PT: 'O valor da aposta está fora dos limites do jogo.',
    EN: 'The stake is outside the game limits.',
  },
  lottery_request_conflict: {
    PT: 'Este pedido já foi usado para outro bilhete.',
    EN: 'This request was already used for another ticket.',
  },
  lottery_insufficient_funds: {
    PT: 'Saldo insuficiente para este bilhete.',
    EN: 'Your balance is too low for this ticket.',
  },
  lottery_ticket_void: {
    PT: 'Este bilhete foi cancelado e o valor devolvido.',
    EN: 'This ticket was cancelled and the stake refunded.',
  },
  lottery_not_drawn: {
    PT: 'Este sorteio ainda não foi realizado.',
    EN: 'This draw has not taken place yet.',
  },
  house_bad_bet: {
    PT: 'Aposta fora das regras do jogo.',
    EN: "This bet is outside the game's rules.",
  },
  house_wrong_game: {
    PT: 'Esta sessão é de outro jogo.',
    EN: 'This session belongs to another game.',
  },
  house_round_pending: {
    PT: 'Sua rodada foi registrada; o prêmio será creditado assim que a carteira responder.',
    EN: 'Your round is recorded; its payout will be credited as soon as the wallet answers.',
  },
  house_round_cancelled: {
    PT: 'A rodada foi cancelada e a aposta devolvida.',
    EN: 'The round was cancelled and the stake refunded.',
  },
  house_round_not_found: {
    PT: 'Rodada não encontrada.',
    EN: 'Round not found.',
  },
};
