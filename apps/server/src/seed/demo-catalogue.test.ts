import {
  DEFAULT_DICE_RULES,
  diceRtp,
  HOUSE_SLOT,
  lotteryRtp,
  QUICK_5D,
  SANDBOX_RTP,
  SEA_5D,
  slotRtp,
  VN_5D,
  type LotteryTable,
} from '@banca/house-games';
import { nodeIdOf } from '@banca/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE, HOUSE_RTP_BP } from './demo-catalogue.ts';

/** Basis points, rounded down (a stated RTP never above the maths); the epsilon absorbs float noise. */
const bp = (rtp: number) => Math.floor(rtp * 10_000 + 1e-9);
const lowestSelection = (table: LotteryTable) =>
  Math.min(...lotteryRtp(table).flatMap((m) => m.selections.map((s) => s.rtp)));

describe('the demo catalogue states RTPs from the games themselves', () => {
  it('house games: computed from @banca/house-games, not typed in', () => {
    const slot = slotRtp(HOUSE_SLOT);
    expect(HOUSE_RTP_BP).toEqual({
      'BANCA-SLOT5X3': bp(slot.rtp),
      'BANCA-DICE': bp(diceRtp(DEFAULT_DICE_RULES)),
      'LOTT-QUICK5D': bp(lowestSelection(QUICK_5D)),
      'TCG_LOTTO_VN-VN5D': bp(lowestSelection(VN_5D)),
      'TCG_SEA-SEA5D': bp(lowestSelection(SEA_5D)),
    });
    expect(HOUSE_RTP_BP['BANCA-SLOT5X3']).toBe(9604);
  });

  it('every game but a vendor lobby states one; sandbox games the sandbox table’s figure', () => {
    for (const g of DEMO_CATALOGUE.games) {
      const id = nodeIdOf(g.vassalage, g.gameCode);
      if (g.isGame === 'VASSALAGE') expect(g.rtp, id).toBeUndefined();
      else if (id in HOUSE_RTP_BP) expect(g.rtp, id).toBe(HOUSE_RTP_BP[id as keyof typeof HOUSE_RTP_BP]);
      else expect(g.rtp, id).toBe(SANDBOX_RTP * 10_000);
    }
  });
});
