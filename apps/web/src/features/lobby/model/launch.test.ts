import { describe, expect, it } from 'vitest';
import { launchRoute } from './launch';

const member = { isLogin: true, isTrial: false };

describe('launch routing (spec section 4)', () => {
  it('needs login, and refuses trial accounts', () => {
    expect(launchRoute({ vassalage: 'PG' }, { isLogin: false, isTrial: false })).toEqual({ kind: 'login' });
    expect(launchRoute({ vassalage: 'LOTT' }, { isLogin: true, isTrial: true })).toEqual({ kind: 'trial' });
  });
  it('routes lotteries by vassalage', () => {
    expect(launchRoute({ vassalage: 'TCG_LOTTO_VN', gameCode: 'HN 1' }, member)).toEqual({
      kind: 'navigate',
      to: '/vnLottery?gameCode=HN%201',
    });
    expect(launchRoute({ vassalage: 'TCG_SEA' }, member)).toEqual({ kind: 'navigate', to: '/seaLottery' });
    expect(launchRoute({ vassalage: 'LOTT' }, member)).toEqual({ kind: 'navigate', to: '/lottery' });
    expect(launchRoute({ vassalage: 'ELOTT' }, member)).toEqual({ kind: 'navigate', to: '/lottery' });
  });
  it('opens the vendor popup for VASSALAGE cards, else the game', () => {
    expect(launchRoute({ vassalage: 'SABA', isGame: 'VASSALAGE' }, member)).toEqual({ kind: 'vendorPopup' });
    expect(launchRoute({ vassalage: 'PG', isGame: 'GAME' }, member)).toEqual({ kind: 'game' });
  });
});
