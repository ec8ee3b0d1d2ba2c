/**
 * Error codes of the games catalogue and lobby, in the shape of ../errors.ts: a stable machine key,
 * its HTTP status and PT/EN messages. Composed into ERROR_CATALOGUE.
 */
export const GAMES_ERROR_STATUS = {
  /** No enabled game with this nodeId (or it belongs to another vendor / game type). */
  game_not_found: 404,
  /** No enabled vendor with this vassalage. */
  game_vendor_not_found: 404,
  /** The game cannot be launched right now (no game server yet, vendor down or in maintenance). */
  game_unavailable: 503,
} as const;

export type GamesErrorCode = keyof typeof GAMES_ERROR_STATUS;

export const GAMES_ERROR_MESSAGES: Record<GamesErrorCode, { PT: string; EN: string }> = {
  game_not_found: { PT: 'Jogo não encontrado.', EN: 'Game not found.' },
  game_vendor_not_found: { PT: 'Provedor de jogos não encontrado.', EN: 'Game provider not found.' },
  game_unavailable: {
    PT: 'Este jogo não está disponível no momento. Tente mais tarde.',
    EN: 'This game is not available right now. Please try later.',
  },
};
