/**
 * Wire shapes of the games catalogue and the lobby calls (spec sections 3, 4, 7 and 9). Field names
 * are the spec's (nodeId, gameType, vassalage, gameClassify, gameCode, gameName, iconUrl, isHot,
 * supportPlay, isGame, displayName, lagerIcon, ...), so a client written for the original gateway
 * reads them unchanged. Request bodies are strict: a misspelt field is a 400, not a silent default.
 */
import { z } from 'zod';
import { PRIZE_MODES } from '../enums.ts';
import {
  CLIENT_TYPE,
  FAVOURITES_PAGE_SIZE,
  RECENT_HOME_PAGE_SIZE,
  WINNER_BOARD_LIMIT,
} from '../constants.ts';
import { moneySchema } from '../money.ts';

/** Game types a game or a vendor card is stored under. ESPORTS and COCKFIGHT are not among them: they
 *  are SPORTS cards split out by vassalage (spec section 4, "sports splitting"). */
export const GAME_TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'LOTT', 'ELOTT'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const gameTypeSchema = z.enum(GAME_TYPES);

/**
 * What a list call accepts as gameType: a stored type, or ESPORTS / COCKFIGHT, which the gateway reads
 * as SPORTS restricted to the esports (IMES) or cockfight (SV3) vassalage.
 */
export const LIST_GAME_TYPES = [...GAME_TYPES, 'ESPORTS', 'COCKFIGHT'] as const;
export type ListGameType = (typeof LIST_GAME_TYPES)[number];
export const listGameTypeSchema = z.enum(LIST_GAME_TYPES);

/** Largest page a game list answers (the lobby asks 18; anything above the cap is a 400). */
export const GAME_LIST_MAX_PAGE_SIZE = 100;
/** Longest name search accepted (characters); longer is a 400, never a slow query. */
export const GAME_NAME_SEARCH_MAX = 100;
/** Hot list: most hot games one call answers (the home lobby shows HOME_HOT_CAP of them). */
export const HOT_GAMES_MAX = 60;

/** A vendor code ("vassalage"): capitals, digits and underscores, e.g. BANCA, TCG_LOTTO_VN, IMES. */
export const vassalageSchema = z.string().regex(/^[A-Z0-9][A-Z0-9_]{0,31}$/);
/** A vendor's game code: letters, digits, '_' and '-'. */
export const gameCodeSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/);
/**
 * A game's id: `<vassalage>-<gameCode>` (the first '-' splits it, vassalages have none). Stable across
 * imports and databases, so favourites, recent games and shared links survive a catalogue reload.
 */
export const nodeIdSchema = z.string().regex(/^[A-Z0-9][A-Z0-9_]{0,31}-[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/);
export const nodeIdOf = (vassalage: string, gameCode: string): string => `${vassalage}-${gameCode}`;
/** A sub-classification inside a game type (e.g. SLOT, TABLE, DICE for RNG). */
export const gameClassifySchema = z.string().regex(/^[A-Z0-9][A-Z0-9_]{0,31}$/);

/** 'GAME' starts the game; 'VASSALAGE' opens the vendor popup (its rooms or games, GLS2_roomList). */
export const IS_GAME_VALUES = ['GAME', 'VASSALAGE'] as const;
/** Who runs a vendor's games: our house vendor, the labelled sandbox vendor, or an external vendor. */
export const PROVIDER_KINDS = ['HOUSE', 'SANDBOX', 'EXTERNAL'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

const flagSchema = z.union([z.literal(0), z.literal(1)]);
const languageSchema = z.enum(['PT', 'EN']);
/** clientType is always 3 (spec section 9); sent by the original client, accepted and checked. */
const clientTypeSchema = z.literal(CLIENT_TYPE);
/** Free text the original client sends ('flash,html5-desktop', 'W'); informational. */
const platformSchema = z.string().max(64);
const pageNoSchema = z.number().int().min(1).max(100_000);

/** One game as every list answers it (spec section 3, "Game"). */
export const gameSchema = z.strictObject({
  nodeId: nodeIdSchema,
  gameType: gameTypeSchema,
  vassalage: vassalageSchema,
  /** The vendor's display name, for tiles that show it. */
  vendorName: z.string(),
  gameClassify: gameClassifySchema.nullable(),
  gameCode: gameCodeSchema,
  /** The name in the requested language. */
  gameName: z.string(),
  /** Same as gameName (the original gateway sends both). */
  nodeName: z.string(),
  /** Same-origin, content-hashed image URL (cached for a year). */
  iconUrl: z.string(),
  isHot: flagSchema,
  /** 0 shows the free-trial button (spec section 2, game tile). */
  supportPlay: flagSchema,
  isGame: z.enum(IS_GAME_VALUES),
  provider: z.enum(PROVIDER_KINDS),
});
export type Game = z.infer<typeof gameSchema>;

/** One vendor (spec section 3, "Vendor"): a card of a category menu, or an entry of a vendor menu. */
export const vendorSchema = z.strictObject({
  vassalage: vassalageSchema,
  displayName: z.string(),
  gameType: gameTypeSchema,
  /** The vendor's large logo (content-hashed, same origin). */
  lagerIcon: z.string(),
  provider: z.enum(PROVIDER_KINDS),
});
export type Vendor = z.infer<typeof vendorSchema>;

/** POST /wps/relay/GCSGAME_gameList */
export const gameListBodySchema = z.strictObject({
  clientType: clientTypeSchema.optional(),
  platform: platformSchema.optional(),
  merchant: z.string().max(64).optional(),
  gameType: listGameTypeSchema.optional(),
  /** A known vendor; an unknown one answers 404 game_vendor_not_found. */
  vassalage: vassalageSchema.optional(),
  gameClassify: gameClassifySchema.optional(),
  /** Name search: contains, in `language`, ignoring case and accents. Blank means no search. */
  gameName: z.string().max(GAME_NAME_SEARCH_MAX).optional(),
  pageNo: pageNoSchema.default(1),
  pageSize: z.number().int().min(1).max(GAME_LIST_MAX_PAGE_SIZE).default(18),
  /** Defaults to the `language` header. */
  language: languageSchema.optional(),
});
export const gameListValueSchema = z.strictObject({
  games: z.array(gameSchema),
  totalPages: z.number().int().min(0),
  totalCount: z.number().int().min(0),
  pageNo: z.number().int().min(1),
});
export type GameListValue = z.infer<typeof gameListValueSchema>;

/** POST /wps/relay/GCSGAME_hotGamesV2 */
export const hotGamesBodySchema = z.strictObject({
  merchantCode: z.string().max(64).optional(),
  isPlatform: z.union([z.boolean(), flagSchema]).optional(),
  gameType: listGameTypeSchema.optional(),
  vassalage: vassalageSchema.optional(),
  platform: platformSchema.optional(),
  language: languageSchema.optional(),
});
/** Hot games, most popular first, at most HOT_GAMES_MAX. */
export const gameItemsValueSchema = z.strictObject({ list: z.array(gameSchema) });
export type GameItemsValue = z.infer<typeof gameItemsValueSchema>;

/** POST /wps/relay/GCSGAME_getVassGameType: the vendor menu of a game type. */
export const vassGameTypeBodySchema = z.strictObject({
  gameType: listGameTypeSchema.optional(),
  clientType: clientTypeSchema.optional(),
  platform: platformSchema.optional(),
  language: languageSchema.optional(),
});
export const vendorListValueSchema = z.strictObject({ list: z.array(vendorSchema) });
export type VendorListValue = z.infer<typeof vendorListValueSchema>;

/** POST /wps/relay/GCSGAME_newGameVendor: vendors in lanes by game type (footer, vendor pages). */
export const newGameVendorBodySchema = z.strictObject({
  clientType: clientTypeSchema.optional(),
  platform: platformSchema.optional(),
  language: languageSchema.optional(),
});
export const vendorLaneSchema = z.strictObject({ gameType: gameTypeSchema, vendors: z.array(vendorSchema) });
export const newGameVendorValueSchema = z.strictObject({
  data: z.strictObject({ lanes: z.array(vendorLaneSchema) }),
});
export type NewGameVendorValue = z.infer<typeof newGameVendorValueSchema>;

/** GET /lgw/games/game_menus?prizeMode */
export const gameMenusQuerySchema = z.strictObject({
  /** Keeps only the lottery cards that play in this prize mode; other categories are unchanged. */
  prizeMode: z.enum(PRIZE_MODES).optional(),
  language: languageSchema.optional(),
});
/** A card of a category: a vendor, or for lottery a single game (gameCode set). */
export const menuCardSchema = z.strictObject({
  vassalage: vassalageSchema,
  displayName: z.string(),
  gameType: gameTypeSchema,
  lagerIcon: z.string(),
  provider: z.enum(PROVIDER_KINDS),
  /** Lottery cards: the game to open (/vnLottery?gameCode=...). */
  gameCode: gameCodeSchema.optional(),
  nodeId: nodeIdSchema.optional(),
  /** Prize modes the card plays in (lottery cards only). */
  prizeModes: z.array(z.enum(PRIZE_MODES)).optional(),
});
export type MenuCard = z.infer<typeof menuCardSchema>;
/**
 * Category titles are the stored game types; the client moves IMES and SV3 cards of SPORTS into
 * ESPORTS and COCKFIGHT itself (spec section 4), so the menus answer them under SPORTS.
 */
export const menuCategorySchema = z.strictObject({
  title: gameTypeSchema,
  cards: z.array(menuCardSchema),
  /** The classifications of the category's games, when it has more than one. */
  gameClassify: z.array(gameClassifySchema).optional(),
});
export const gameMenusValueSchema = z.strictObject({ categories: z.array(menuCategorySchema) });
export type GameMenusValue = z.infer<typeof gameMenusValueSchema>;

/** POST /wps/relay/MCSFE_getFavoriteGames: the member's favourite nodeIds. */
export const favoriteIdsBodySchema = z.strictObject({
  clientType: clientTypeSchema.optional(),
  platform: platformSchema.optional(),
  language: languageSchema.optional(),
});
export const favoriteIdsValueSchema = z.strictObject({ list: z.array(nodeIdSchema) });
export type FavoriteIdsValue = z.infer<typeof favoriteIdsValueSchema>;

/** POST /wps/relay/getFavoriteGamesList: favourites as games, newest first. */
export const favoriteListBodySchema = z.strictObject({
  clientType: clientTypeSchema.optional(),
  platform: platformSchema.optional(),
  language: languageSchema.optional(),
  /** Optional filter (the original client sends RNG); ESPORTS/COCKFIGHT as in the game list. */
  gameType: listGameTypeSchema.optional(),
  pageNo: pageNoSchema.default(1),
  pageSize: z.number().int().min(1).max(FAVOURITES_PAGE_SIZE).default(FAVOURITES_PAGE_SIZE),
});
export const favoriteListValueSchema = z.strictObject({
  content: z.array(gameSchema),
  pageNum: z.number().int().min(1),
  totalPages: z.number().int().min(0),
});
export type FavoriteListValue = z.infer<typeof favoriteListValueSchema>;

/** POST /wps/relay/addFavoriteGameV2 and DELETE /wps/relay/removeFavoriteGameV2. Idempotent. */
export const favoriteToggleBodySchema = z.strictObject({
  nodeId: nodeIdSchema,
  /** The game's vassalage; must match the game (else 404 game_not_found). */
  vendor: vassalageSchema,
  gameType: gameTypeSchema,
});
export const favoriteToggleValueSchema = z.strictObject({
  nodeId: nodeIdSchema,
  isFavorite: z.boolean(),
});
export type FavoriteToggleValue = z.infer<typeof favoriteToggleValueSchema>;

/** POST /wps/relay/GCS_recentGame: the member's recently launched games, newest first. */
export const recentGamesBodySchema = z.strictObject({
  page: pageNoSchema.default(1),
  pageSize: z.number().int().min(1).max(RECENT_HOME_PAGE_SIZE).default(RECENT_HOME_PAGE_SIZE),
  gameType: listGameTypeSchema.optional(),
  language: languageSchema.optional(),
  clientType: clientTypeSchema.optional(),
});
export const recentGamesValueSchema = z.strictObject({
  list: z.array(gameSchema),
  totalPages: z.number().int().min(0),
});
export type RecentGamesValue = z.infer<typeof recentGamesValueSchema>;

/** POST /wps/relay/GCSGAME_getRankList: the winner board. */
export const rankListBodySchema = z.strictObject({
  /** ALL, or one category. */
  gameCategory: z.enum(['ALL', ...GAME_TYPES]).default('ALL'),
  language: languageSchema.optional(),
  limitNum: z.number().int().min(1).max(WINNER_BOARD_LIMIT).default(WINNER_BOARD_LIMIT),
});
export const rankItemSchema = z.strictObject({
  iconUrl: z.string(),
  gameName: z.string(),
  /** Masked: first and last characters kept, e.g. "jo***7". */
  customerName: z.string(),
  /** Minor units of `currency`. */
  winAmount: moneySchema.min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
  nodeId: nodeIdSchema,
});
export type RankItem = z.infer<typeof rankItemSchema>;
/** Biggest wins first ("list of vo"). */
export const rankListValueSchema = z.strictObject({ list: z.array(rankItemSchema) });
export type RankListValue = z.infer<typeof rankListValueSchema>;

/** POST /wps/game/launchGame */
export const launchGameBodySchema = z.strictObject({
  nodeId: nodeIdSchema,
  vassalage: vassalageSchema.optional(),
  gameCode: gameCodeSchema.optional(),
  device: z.enum(['MOBILE', 'DESKTOP']).optional(),
  /** Where the game's back button returns: a same-site path. */
  backUrl: z
    .string()
    .max(512)
    .regex(/^\/(?!\/)/)
    .optional(),
  language: languageSchema.optional(),
  /** Lottery launches (spec section 7): lottoArea VN, launchMode LOTT, ... */
  lottoArea: z.string().max(16).optional(),
  launchMode: z.literal('LOTT').optional(),
  lottoPrizeMode: z.enum(PRIZE_MODES).optional(),
  lottoGameCode: gameCodeSchema.optional(),
  lottoView: z.enum(['betting', 'lobby']).optional(),
});
export const launchGameValueSchema = z.strictObject({
  /** The game's URL (carries a short-lived one-time launch token). */
  url: z.string(),
  /** POPUP: the game popup; WINDOW: a new window (vendors that forbid frames); SEAMLESS: /seamless. */
  openMode: z.enum(['POPUP', 'WINDOW', 'SEAMLESS']),
});
export type LaunchGameValue = z.infer<typeof launchGameValueSchema>;

/** POST /wps/relay/GLS2_roomList: the vendor popup's list (spec section 4, isGame VASSALAGE). */
export const roomListBodySchema = z.strictObject({
  vassalage: vassalageSchema,
  gameType: gameTypeSchema.optional(),
  language: languageSchema.optional(),
});
export const roomListValueSchema = z.strictObject({ list: z.array(gameSchema) });
export type RoomListValue = z.infer<typeof roomListValueSchema>;
