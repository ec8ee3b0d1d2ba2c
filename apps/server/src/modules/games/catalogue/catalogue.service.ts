import {
  COCKFIGHT_VASSALAGE,
  ESPORT_VASSALAGE,
  type Game,
  type GameListValue,
  type GameMenusValue,
  type GameType,
  type Language,
  type ListGameType,
  type MenuCard,
  type NewGameVendorValue,
  type PrizeMode,
  type Vendor,
  GAME_TYPES,
  HOT_GAMES_MAX,
} from '@banca/contract';
import { CatalogueCache } from './catalogue-cache.ts';
import { CatalogueSnapshot } from './catalogue-snapshot.ts';
import {
  anyGamesByIds,
  catalogueVersion,
  loadCatalogueRows,
  menuFacts,
  type GameFilter,
  type VendorRow,
} from './catalogue.repository.ts';
import { GamesError } from '../games.errors.ts';
import type { Db } from '../../../database.ts';
import { normalizeSearch } from './search-text.ts';

/** Vendors whose SPORTS cards the lobby shows as ESPORTS and COCKFIGHT (spec section 4). */
export const ESPORT_VASSALAGES: readonly string[] = [ESPORT_VASSALAGE];
export const COCKFIGHT_VASSALAGES: readonly string[] = [COCKFIGHT_VASSALAGE];

export interface ListRequest {
  gameType?: ListGameType;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  language: Language;
}

/** This node's snapshot of the catalogue as it is now (the lobby bench weighs one). */
export const loadCatalogueSnapshot = async (db: Db): Promise<CatalogueSnapshot> =>
  new CatalogueSnapshot(await loadCatalogueRows(db));

/**
 * The catalogue as the lobby reads it: filters resolved from the request (ESPORTS and COCKFIGHT are
 * SPORTS of their vendors; SPORTS leaves those vendors out), answered from this node's snapshot of
 * the current catalogue version (catalogue-snapshot.ts, catalogue-cache.ts), not from the database.
 */
export class CatalogueService {
  readonly cache: CatalogueCache<CatalogueSnapshot>;

  constructor(private readonly db: Db) {
    this.cache = new CatalogueCache(
      () => loadCatalogueSnapshot(db),
      () => catalogueVersion(db),
    );
  }

  private async vendors(): Promise<ReadonlyMap<string, VendorRow>> {
    return (await this.cache.snapshot()).vendors;
  }

  /** The enabled vendor, or 404 game_vendor_not_found. */
  private requireVendor(snapshot: CatalogueSnapshot, vassalage: string): VendorRow {
    const vendor = snapshot.vendors.get(vassalage);
    if (!vendor?.enabled) throw new GamesError('game_vendor_not_found', { vassalage });
    return vendor;
  }

  private filterOf(
    snapshot: CatalogueSnapshot,
    request: Omit<ListRequest, 'gameName'> & { search?: string },
  ): GameFilter {
    const filter: GameFilter = { language: request.language };
    if (request.vassalage) {
      this.requireVendor(snapshot, request.vassalage);
      filter.vassalages = [request.vassalage];
    }
    const disabled = [...snapshot.vendors.values()].filter((v) => !v.enabled).map((v) => v.vassalage);
    switch (request.gameType) {
      case undefined:
        break;
      case 'ESPORTS':
      case 'COCKFIGHT': {
        const own = request.gameType === 'ESPORTS' ? ESPORT_VASSALAGES : COCKFIGHT_VASSALAGES;
        filter.gameType = 'SPORTS';
        filter.vassalages = filter.vassalages ? filter.vassalages.filter((v) => own.includes(v)) : own;
        break;
      }
      case 'SPORTS':
        filter.gameType = 'SPORTS';
        if (!filter.vassalages) filter.excludeVassalages = [...ESPORT_VASSALAGES, ...COCKFIGHT_VASSALAGES];
        break;
      default:
        filter.gameType = request.gameType;
    }
    // Games of a disabled vendor are hidden with it (rare: the list is usually empty).
    if (disabled.length > 0 && !filter.vassalages) {
      filter.excludeVassalages = [...(filter.excludeVassalages ?? []), ...disabled];
    }
    if (request.gameClassify) filter.gameClassify = request.gameClassify;
    if (request.search) filter.search = request.search;
    return filter;
  }

  /** GCSGAME_gameList. Page numbers past the end answer an empty page with the real totalPages. */
  async gameList(request: ListRequest, page: { pageNo: number; pageSize: number }): Promise<GameListValue> {
    const search = request.gameName ? normalizeSearch(request.gameName) : '';
    const snapshot = await this.cache.snapshot();
    const filter = this.filterOf(snapshot, { ...request, search });
    const { games, total } = snapshot.page(filter, {
      offset: (page.pageNo - 1) * page.pageSize,
      limit: page.pageSize,
    });
    return {
      games,
      totalPages: Math.ceil(total / page.pageSize),
      totalCount: total,
      pageNo: page.pageNo,
    };
  }

  /**
   * GCSGAME_gameList with each game as its checked JSON text (CatalogueSnapshot.pageJson): the
   * route puts the answer together from them. Same games, counts and pages as gameList.
   */
  async gameListJson(
    request: ListRequest,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ value: Omit<GameListValue, 'games'>; games: string[] }> {
    const search = request.gameName ? normalizeSearch(request.gameName) : '';
    const snapshot = await this.cache.snapshot();
    const filter = this.filterOf(snapshot, { ...request, search });
    const { games, total } = snapshot.pageJson(filter, {
      offset: (page.pageNo - 1) * page.pageSize,
      limit: page.pageSize,
    });
    return {
      value: { totalPages: Math.ceil(total / page.pageSize), totalCount: total, pageNo: page.pageNo },
      games,
    };
  }

  /** GCSGAME_hotGamesV2: hot games, most popular first. */
  async hotGames(request: Omit<ListRequest, 'gameName' | 'gameClassify'>): Promise<Game[]> {
    const snapshot = await this.cache.snapshot();
    return snapshot.hotGames(this.filterOf(snapshot, request), HOT_GAMES_MAX);
  }

  /** Games by id, in the order asked, skipping ids that are gone or disabled. */
  async gamesInOrder(nodeIds: readonly string[], language: Language): Promise<Game[]> {
    return (await this.cache.snapshot()).inOrder(nodeIds, language);
  }

  /**
   * Names for records: each game's name in the language and each vendor's display name, for games
   * and vendors disabled since too (a record outlives the catalogue entry).
   */
  async recordNames(
    nodeIds: readonly string[],
    language: Language,
  ): Promise<{ games: Map<string, string>; vendors: Map<string, string> }> {
    const [rows, vendors] = await Promise.all([anyGamesByIds(this.db, nodeIds), this.vendors()]);
    return {
      games: new Map(rows.map((r) => [r.node_id, language === 'EN' ? r.name_en : r.name_pt])),
      vendors: new Map([...vendors.values()].map((v) => [v.vassalage, v.display_name])),
    };
  }

  /** GCSGAME_getVassGameType: enabled vendors with games of the type (all types when none). */
  async vendorsOf(gameType: ListGameType | undefined, language: Language): Promise<Vendor[]> {
    const lanes = await this.vendorLanes(language);
    const seen = new Map<string, Vendor>();
    for (const lane of lanes) {
      for (const vendor of lane.vendors) {
        if (gameType && !cardInType(vendor, lane.gameType, gameType)) continue;
        if (!seen.has(vendor.vassalage)) seen.set(vendor.vassalage, vendor);
      }
    }
    return [...seen.values()];
  }

  /** GCSGAME_newGameVendor: one lane per stored game type with its vendors. */
  async lanes(language: Language): Promise<NewGameVendorValue> {
    return { data: { lanes: await this.vendorLanes(language) } };
  }

  /** The vendors of each menu category, once each (lottery categories list games: their vendors). */
  private async vendorLanes(language: Language): Promise<{ gameType: GameType; vendors: Vendor[] }[]> {
    const [menus, vendors] = await Promise.all([this.menus(undefined, language), this.vendors()]);
    return menus.categories.map((c) => {
      const seen = new Set<string>();
      const lane: Vendor[] = [];
      for (const card of c.cards) {
        const row = vendors.get(card.vassalage);
        if (!row || seen.has(card.vassalage)) continue;
        seen.add(card.vassalage);
        lane.push(vendorOfCard(vendorCard(row, c.title)));
      }
      return { gameType: c.title, vendors: lane };
    });
  }

  /**
   * /lgw/games/game_menus: a category per stored game type with enabled games, in GAME_TYPES order;
   * vendor cards in vendor order; lottery categories hold one card per lottery game (with gameCode),
   * kept to `prizeMode` when given. Classifications are listed when a category has more than one.
   */
  async menus(prizeMode: PrizeMode | undefined, language: Language): Promise<GameMenusValue> {
    return this.cache.get(JSON.stringify(['menus', prizeMode, language]), async ({ vendors }) => {
      const facts = await menuFacts(this.db);
      const categories: GameMenusValue['categories'] = [];
      for (const title of GAME_TYPES) {
        let cards: MenuCard[];
        if (title === 'LOTT' || title === 'ELOTT') {
          cards = facts.lottery
            .filter((g) => g.game_type === title && vendors.get(g.vassalage)?.enabled)
            .map((g) => ({ game: g, modes: splitModes(g.prize_modes) }))
            .filter(({ modes }) => !prizeMode || modes.includes(prizeMode))
            .map(({ game, modes }) => {
              const v = vendors.get(game.vassalage)!;
              return {
                ...vendorCard(v, title),
                displayName: language === 'EN' ? game.name_en : game.name_pt,
                gameCode: game.game_code,
                nodeId: game.node_id,
                prizeModes: modes,
              };
            });
        } else {
          cards = [...vendors.values()]
            .filter(
              (v) =>
                v.enabled && facts.pairs.some((p) => p.game_type === title && p.vassalage === v.vassalage),
            )
            .map((v) => vendorCard(v, title));
        }
        if (cards.length === 0) continue;
        const classifies = facts.classifies.filter((c) => c.game_type === title).map((c) => c.game_classify);
        categories.push({ title, cards, ...(classifies.length > 1 ? { gameClassify: classifies } : {}) });
      }
      return { categories };
    });
  }
}

const splitModes = (modes: string): PrizeMode[] => modes.split(',').filter(Boolean) as PrizeMode[];

function vendorCard(v: VendorRow, gameType: GameType): MenuCard {
  return {
    vassalage: v.vassalage,
    displayName: v.display_name,
    gameType,
    lagerIcon: v.lager_icon,
    provider: v.provider,
  };
}

const vendorOfCard = (card: MenuCard): Vendor => ({
  vassalage: card.vassalage,
  displayName: card.displayName,
  gameType: card.gameType,
  lagerIcon: card.lagerIcon,
  provider: card.provider,
});

/** Whether a menu card belongs to a list game type (ESPORTS and COCKFIGHT split out of SPORTS). */
function cardInType(card: { vassalage: string }, title: GameType, gameType: ListGameType): boolean {
  if (gameType === 'ESPORTS') return title === 'SPORTS' && ESPORT_VASSALAGES.includes(card.vassalage);
  if (gameType === 'COCKFIGHT') return title === 'SPORTS' && COCKFIGHT_VASSALAGES.includes(card.vassalage);
  if (gameType === 'SPORTS')
    return (
      title === 'SPORTS' &&
      !ESPORT_VASSALAGES.includes(card.vassalage) &&
      !COCKFIGHT_VASSALAGES.includes(card.vassalage)
    );
  return title === gameType;
}
