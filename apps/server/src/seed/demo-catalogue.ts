import { SANDBOX_RTP, sandboxGame } from '@banca/house-games';
import type { CatalogueFile, ImportGame, ImportVendor } from '../modules/games/index.ts';

/**
 * The demo catalogue: only what can launch something real. The house vendor's games (issue 11 plays
 * them through the vendor wallet API: a 5x3 slot, a dice game, the quick lottery and its regional VN
 * and SEA variants) and the clearly labelled sandbox vendor for the categories with no house game
 * (LIVE, FISH, PVP, SPORTS, and ESPORTS / COCKFIGHT under the vassalages the lobby splits by, IMES and
 * SV3). Footer vendors (PG, EG2, ...) stay footer icons: they cannot launch anything yet.
 *
 * Lottery vassalages are the ones launch routing reads (spec section 4): TCG_LOTTO_VN opens
 * /vnLottery, TCG_SEA /seaLottery, LOTT /lottery. All three are run by the house vendor (provider HOUSE).
 */
const vendor = (
  vassalage: string,
  displayName: string,
  provider: ImportVendor['provider'],
  gameType: ImportVendor['gameType'],
  sort: number,
): ImportVendor => ({ vassalage, displayName, provider, gameType, sort, enabled: true });

export const DEMO_VENDORS: ImportVendor[] = [
  vendor('BANCA', 'Banca Originals', 'HOUSE', 'RNG', 1),
  vendor('LOTT', 'Banca Loteria', 'HOUSE', 'LOTT', 2),
  vendor('TCG_LOTTO_VN', 'Banca Loto VN', 'HOUSE', 'ELOTT', 3),
  vendor('TCG_SEA', 'Banca Loto SEA', 'HOUSE', 'ELOTT', 4),
  vendor('SANDBOX', 'Sandbox Studio', 'SANDBOX', 'LIVE', 10),
  vendor('IMES', 'Sandbox Esports', 'SANDBOX', 'SPORTS', 11),
  vendor('SV3', 'Sandbox Cockfight', 'SANDBOX', 'SPORTS', 12),
];

/**
 * The house games' return to player in basis points, from their maths (docs/house-games.md), rounded
 * down so a figure never overstates: the slot's exact 96.0447% (`slotRtp`), dice's 99% (`diceRtp`),
 * and for each lottery table the lowest RTP of any of its selections (`lotteryRtp`): Quick 5D's
 * dragon/tiger at 97.650%, Vietnam 5D's small/big and dragon/tiger at 96.750%, SEA 5D's dragon/tiger
 * at 97.200%. Constants rather than computed at every start (the lottery enumerations take half a
 * second); demo-catalogue.test.ts computes them again from @banca/house-games and compares.
 */
export const HOUSE_RTP_BP = {
  'BANCA-SLOT5X3': 9604,
  'BANCA-DICE': 9900,
  'LOTT-QUICK5D': 9765,
  'TCG_LOTTO_VN-VN5D': 9675,
  'TCG_SEA-SEA5D': 9720,
} as const;

/**
 * The sandbox vendor's games pay what @banca/house-games' sandbox table configures (SANDBOX_RTP, 95%),
 * so that is their catalogue RTP; its lobby entries (isGame VASSALAGE) are no game and state none.
 */
const sandboxRtpBp = (g: Pick<ImportGame, 'vassalage' | 'gameCode'>): number | undefined =>
  sandboxGame(g.vassalage, g.gameCode) ? Math.round(SANDBOX_RTP * 10_000) : undefined;

type GameSeed = Pick<ImportGame, 'vassalage' | 'gameCode' | 'gameType' | 'namePT' | 'nameEN'> &
  Partial<Omit<ImportGame, 'vassalage' | 'gameCode' | 'gameType' | 'namePT' | 'nameEN'>>;

const game = (g: GameSeed, sort: number): ImportGame => ({
  gameClassify: undefined,
  iconUrl: undefined,
  isHot: false,
  hotRank: 0,
  supportPlay: true,
  isGame: 'GAME',
  prizeModes: [],
  enabled: true,
  vendorName: undefined,
  ...g,
  sort,
});

const SEEDS: GameSeed[] = [
  // House vendor.
  {
    vassalage: 'BANCA',
    gameCode: 'SLOT5X3',
    gameType: 'RNG',
    gameClassify: 'SLOT',
    namePT: 'Fortuna Dourada',
    nameEN: 'Golden Fortune',
    isHot: true,
    hotRank: 100,
    supportPlay: false,
  },
  {
    vassalage: 'BANCA',
    gameCode: 'DICE',
    gameType: 'RNG',
    gameClassify: 'DICE',
    namePT: 'Dados da Sorte',
    nameEN: 'Lucky Dice',
    isHot: true,
    hotRank: 90,
    supportPlay: false,
  },
  {
    vassalage: 'LOTT',
    gameCode: 'QUICK5D',
    gameType: 'LOTT',
    namePT: 'Loteria Rápida 5D',
    nameEN: 'Quick Lottery 5D',
    isHot: true,
    hotRank: 80,
    prizeModes: ['LOTT', 'ELOTT'],
  },
  {
    vassalage: 'TCG_LOTTO_VN',
    gameCode: 'VN5D',
    gameType: 'ELOTT',
    namePT: 'Loto Vietnã',
    nameEN: 'Vietnam Lotto',
    prizeModes: ['ELOTT'],
  },
  {
    vassalage: 'TCG_SEA',
    gameCode: 'SEA5D',
    gameType: 'ELOTT',
    namePT: 'Loto Sudeste Asiático',
    nameEN: 'Southeast Asia Lotto',
    prizeModes: ['SEA', 'ELOTT'],
  },
  // Sandbox vendor: simple rounds with a configured RTP, labelled as sandbox everywhere. Its games
  // offer the free trial (supportPlay false: the tile's free-trial button, played in play money).
  {
    vassalage: 'SANDBOX',
    gameCode: 'LIVE_BACCARAT',
    gameType: 'LIVE',
    gameClassify: 'BACCARAT',
    namePT: 'Bacará ao Vivo (Sandbox)',
    nameEN: 'Live Baccarat (Sandbox)',
    isHot: true,
    hotRank: 70,
    supportPlay: false,
  },
  {
    vassalage: 'SANDBOX',
    gameCode: 'LIVE_ROULETTE',
    gameType: 'LIVE',
    gameClassify: 'ROULETTE',
    namePT: 'Roleta ao Vivo (Sandbox)',
    nameEN: 'Live Roulette (Sandbox)',
    supportPlay: false,
  },
  {
    vassalage: 'SANDBOX',
    gameCode: 'LIVE_LOBBY',
    gameType: 'LIVE',
    gameClassify: 'LOBBY',
    namePT: 'Salão ao Vivo Sandbox',
    nameEN: 'Sandbox Live Lobby',
    isGame: 'VASSALAGE',
  },
  {
    vassalage: 'SANDBOX',
    gameCode: 'FISH_OCEAN',
    gameType: 'FISH',
    gameClassify: 'FISH',
    namePT: 'Caça ao Tesouro do Oceano',
    nameEN: 'Ocean Treasure Hunt',
    isHot: true,
    hotRank: 60,
    supportPlay: false,
  },
  {
    vassalage: 'SANDBOX',
    gameCode: 'FISH_DRAGON',
    gameType: 'FISH',
    gameClassify: 'FISH',
    namePT: 'Pesca do Dragão',
    nameEN: 'Dragon Fishing',
    supportPlay: false,
  },
  {
    vassalage: 'SANDBOX',
    gameCode: 'PVP_POKER',
    gameType: 'PVP',
    gameClassify: 'POKER',
    namePT: 'Pôquer Rápido (Sandbox)',
    nameEN: 'Fast Poker (Sandbox)',
    isHot: true,
    hotRank: 50,
    supportPlay: false,
  },
  {
    vassalage: 'SANDBOX',
    gameCode: 'PVP_TRUCO',
    gameType: 'PVP',
    gameClassify: 'CARDS',
    namePT: 'Truco (Sandbox)',
    nameEN: 'Truco (Sandbox)',
    supportPlay: false,
  },
  {
    vassalage: 'SANDBOX',
    gameCode: 'PVP_ROOMS',
    gameType: 'PVP',
    gameClassify: 'CARDS',
    namePT: 'Salas de Cartas Sandbox',
    nameEN: 'Sandbox Card Rooms',
    isGame: 'VASSALAGE',
  },
  {
    vassalage: 'SANDBOX',
    gameCode: 'SPORTSBOOK',
    gameType: 'SPORTS',
    namePT: 'Apostas Esportivas Sandbox',
    nameEN: 'Sandbox Sportsbook',
  },
  {
    vassalage: 'IMES',
    gameCode: 'ESPORTS',
    gameType: 'SPORTS',
    namePT: 'Esports Sandbox',
    nameEN: 'Sandbox Esports',
  },
  {
    vassalage: 'SV3',
    gameCode: 'COCKFIGHT',
    gameType: 'SPORTS',
    namePT: 'Rinha de Galo Sandbox',
    nameEN: 'Sandbox Cockfight',
  },
];

const rtpOf = (g: GameSeed): number | undefined =>
  g.isGame === 'VASSALAGE'
    ? undefined
    : ((HOUSE_RTP_BP as Record<string, number>)[`${g.vassalage}-${g.gameCode}`] ?? sandboxRtpBp(g));

export const DEMO_CATALOGUE: CatalogueFile = {
  vendors: DEMO_VENDORS,
  games: SEEDS.map((g, i) => game({ ...g, rtp: rtpOf(g) }, (i + 1) * 10)),
};
