/** What a launch needs to know about a game or vendor card (spec section 3). */
export interface LaunchTarget {
  vassalage: string;
  gameCode?: string | null;
  gameType?: string | null;
  isGame?: string | null;
}

export type LaunchRoute =
  | { kind: 'login' }
  | { kind: 'trial' }
  | { kind: 'navigate'; to: string }
  | { kind: 'vendorPopup' }
  | { kind: 'game' };

/**
 * Spec section 4, game launch: login required; trial accounts refused ('in_need_true_account');
 * TCG_LOTTO_VN to /vnLottery?gameCode, TCG_SEA to /seaLottery, LOTT or ELOTT to /lottery, the vendor
 * popup when isGame is VASSALAGE, otherwise the game starts (game popup).
 */
export const launchRoute = (
  target: LaunchTarget,
  session: { isLogin: boolean; isTrial: boolean },
): LaunchRoute => {
  if (!session.isLogin) return { kind: 'login' };
  if (session.isTrial) return { kind: 'trial' };
  const { vassalage } = target;
  if (vassalage === 'TCG_LOTTO_VN') {
    const code = target.gameCode ? `?gameCode=${encodeURIComponent(target.gameCode)}` : '';
    return { kind: 'navigate', to: `/vnLottery${code}` };
  }
  if (vassalage === 'TCG_SEA') return { kind: 'navigate', to: '/seaLottery' };
  if (vassalage === 'LOTT' || vassalage === 'ELOTT') return { kind: 'navigate', to: '/lottery' };
  if (target.isGame === 'VASSALAGE') return { kind: 'vendorPopup' };
  return { kind: 'game' };
};
