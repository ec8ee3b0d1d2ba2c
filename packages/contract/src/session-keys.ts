/**
 * Browser session-storage keys (spec section 9). Logout clears session storage except MERCHANT_KEYS.
 */
export const SESSION_KEYS = {
  token: 'token',
  gameVendor: 'gameVendor',
  hotGames: 'HOT_GAMES',
  merchantWallet: 'merchantWallet',
  validate: 'validate',
  consolidated: 'consolidated',
  /** Marks that a change-password prompt is pending (removed by free play, spec section 4). */
  cpw: 'cpw',
} as const;

/** Keys that survive logout: they describe the merchant, not the member. */
export const MERCHANT_KEYS: readonly string[] = [SESSION_KEYS.merchantWallet];

/** Local-storage keys for preferences that outlive a session. */
export const LOCAL_KEYS = {
  language: 'banca.language',
  theme: 'banca.theme',
  /** The member chose to hide the header balance ('1'). */
  balanceHidden: 'banca.balanceHidden',
} as const;
