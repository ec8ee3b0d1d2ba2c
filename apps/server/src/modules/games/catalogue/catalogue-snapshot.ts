import { gameSchema, type Game, type GameType, type Language } from '@banca/contract';
import type { CatalogueRows, GameFilter, GameRow, VendorRow } from './catalogue.repository.ts';

/**
 * One version of the catalogue as a gateway node holds it in memory: built once per catalogue
 * version (catalogue-cache.ts), never changed after, so any number of requests read it without
 * locks and every answer comes from one version.
 *
 * The lobby's lists are answered from it, not from the database: each enabled game's answer object
 * per language is made once; the games sit in list order (sort, node_id, as the database orders
 * them), with the positions of each type's and each vendor's games, the hot games in hot order, and
 * per language a trigram index of the folded names (search-text.ts) for the name search. A filter is
 * resolved exactly as the SQL lists resolve it (catalogue.repository.ts whereFilter; the equivalence
 * test compares the two on random filters); a resolved list is kept for its next pages.
 */
export class CatalogueSnapshot {
  readonly version: number;
  /** Every vendor, disabled ones too (the service decides what a disabled vendor means). */
  readonly vendors: ReadonlyMap<string, VendorRow>;
  private readonly games: readonly SnapshotGame[];
  private readonly byId: ReadonlyMap<string, SnapshotGame>;
  private readonly byType: ReadonlyMap<string, Int32Array>;
  private readonly byVendor: ReadonlyMap<string, Int32Array>;
  private readonly hot: Int32Array;
  private readonly all: Int32Array;
  private readonly trigrams: Record<Language, ReadonlyMap<string, Int32Array>>;
  /** Each game's checked JSON per language, made when first listed (pageJson). */
  private readonly json: Record<Language, (string | undefined)[]> = { PT: [], EN: [] };
  /** Lists already resolved (listOf), least recently used first (with json, the parts that change). */
  private readonly lists = new Map<string, Int32Array>();
  private listsHeld = 0;

  constructor(rows: CatalogueRows) {
    this.version = rows.version;
    this.vendors = new Map(rows.vendors.map((v) => [v.vassalage, v]));
    this.games = rows.games.map((row, position) => {
      const vendor = this.vendors.get(row.vassalage);
      return {
        position,
        search: { PT: row.search_pt, EN: row.search_en },
        answer: { PT: toGame(row, vendor, 'PT'), EN: toGame(row, vendor, 'EN') },
      };
    });
    this.byId = new Map(this.games.map((g) => [g.answer.PT.nodeId, g]));
    this.all = Int32Array.from(this.games, (g) => g.position);
    this.byType = positionsBy(this.games, (g) => g.answer.PT.gameType);
    this.byVendor = positionsBy(this.games, (g) => g.answer.PT.vassalage);
    this.hot = Int32Array.from(
      rows.hotOrder.flatMap((id) => {
        const game = this.byId.get(id);
        return game ? [game.position] : [];
      }),
    );
    this.trigrams = { PT: trigramIndex(this.games, 'PT'), EN: trigramIndex(this.games, 'EN') };
  }

  get size(): number {
    return this.games.length;
  }

  /**
   * The games of a list filter in list order, as positions: kept per filter (whatever its page), so
   * the pages of one list, and the lists many ask for, are a slice. Bounded by the positions held.
   */
  private listOf(filter: GameFilter): Int32Array {
    const key = JSON.stringify([
      filter.gameType,
      filter.vassalages,
      filter.excludeVassalages,
      filter.gameClassify,
      filter.search ? [filter.language, filter.search] : undefined,
    ]);
    const kept = this.lists.get(key);
    if (kept) {
      // Least recently used goes first: re-insert on use.
      this.lists.delete(key);
      this.lists.set(key, kept);
      return kept;
    }
    const list = Int32Array.from(this.matches(filter));
    this.lists.set(key, list);
    this.listsHeld += list.length;
    for (const [oldest, old] of this.lists) {
      if (this.listsHeld <= MAX_LIST_POSITIONS || oldest === key) break;
      this.lists.delete(oldest);
      this.listsHeld -= old.length;
    }
    return list;
  }

  /** The games of a list filter in list order (hot order with hotOnly), as positions. */
  private matches(filter: GameFilter, limit = Infinity): ArrayLike<number> {
    const language = filter.language;
    const search = filter.search ?? '';
    const only = filter.vassalages ? new Set(filter.vassalages) : undefined;
    const not = filter.excludeVassalages?.length ? new Set(filter.excludeVassalages) : undefined;
    // The narrowest list that holds every match; the rest of the filter is checked per game.
    let candidates: ArrayLike<number>;
    if (filter.hotOnly) candidates = this.hot;
    else if (only) candidates = this.ofVendors(filter.vassalages!);
    else if (filter.gameType) candidates = this.byType.get(filter.gameType) ?? EMPTY;
    else candidates = this.all;
    // A type or a vendor alone: its positions are the list.
    const exact =
      !search &&
      !not &&
      !filter.gameClassify &&
      !filter.hotOnly &&
      (only ? filter.vassalages!.length === 1 && !filter.gameType : !!filter.gameType);
    if (exact) return candidates;
    if (search.length >= 3 && !filter.hotOnly) {
      const posting = this.rarestTrigram(search, language);
      if (posting.length < candidates.length) candidates = posting;
    }
    const out: number[] = [];
    for (let i = 0; i < candidates.length && out.length < limit; i++) {
      const g = this.games[candidates[i]!]!;
      const game = g.answer.PT;
      if (filter.gameType && game.gameType !== filter.gameType) continue;
      if (only && !only.has(game.vassalage)) continue;
      if (not?.has(game.vassalage)) continue;
      if (filter.gameClassify && game.gameClassify !== filter.gameClassify) continue;
      if (search && !g.search[language].includes(search)) continue;
      out.push(g.position);
    }
    return out;
  }

  /** The positions of these vendors' games, in list order. */
  private ofVendors(vassalages: readonly string[]): ArrayLike<number> {
    if (vassalages.length === 1) return this.byVendor.get(vassalages[0]!) ?? EMPTY;
    const merged = vassalages.flatMap((v) => [...(this.byVendor.get(v) ?? EMPTY)]);
    return merged.sort((a, b) => a - b);
  }

  /** The shortest posting list among the search's trigrams (every match is in each of them). */
  private rarestTrigram(search: string, language: Language): ArrayLike<number> {
    const index = this.trigrams[language];
    let rarest: Int32Array | undefined;
    for (let i = 0; i + 3 <= search.length; i++) {
      const posting = index.get(search.slice(i, i + 3));
      if (!posting) return EMPTY;
      if (!rarest || posting.length < rarest.length) rarest = posting;
    }
    return rarest ?? this.all;
  }

  /** A page of a list and the list's size. */
  page(filter: GameFilter, page: { offset: number; limit: number }): { games: Game[]; total: number } {
    const all = this.listOf(filter);
    const language = filter.language;
    const games: Game[] = [];
    const end = Math.min(all.length, page.offset + page.limit);
    for (let i = page.offset; i < end; i++) games.push(this.games[all[i]!]!.answer[language]);
    return { games, total: all.length };
  }

  /**
   * A page of a list as JSON text per game (each checked against the contract's game schema and
   * serialised the first time it is listed, then shared), and the list's size: the lobby's list
   * answers are put together from these (games.routes.ts) instead of checking every game again.
   */
  pageJson(filter: GameFilter, page: { offset: number; limit: number }): { games: string[]; total: number } {
    const all = this.listOf(filter);
    const language = filter.language;
    const json = this.json[language];
    const games: string[] = [];
    const end = Math.min(all.length, page.offset + page.limit);
    for (let i = page.offset; i < end; i++) {
      const p = all[i]!;
      games.push((json[p] ??= JSON.stringify(gameSchema.parse(this.games[p]!.answer[language]))));
    }
    return { games, total: all.length };
  }

  /** The first `limit` hot games of a filter, most popular first. */
  hotGames(filter: GameFilter, limit: number): Game[] {
    const language = filter.language;
    return Array.from(
      this.matches({ ...filter, hotOnly: true }, limit),
      (p) => this.games[p]!.answer[language],
    );
  }

  /** Enabled games by id, in the order asked, skipping ids that are gone or disabled. */
  inOrder(nodeIds: readonly string[], language: Language): Game[] {
    return nodeIds.flatMap((id) => {
      const game = this.byId.get(id);
      return game ? [game.answer[language]] : [];
    });
  }
}

interface SnapshotGame {
  position: number;
  search: Record<Language, string>;
  /** The list answer per language: shared by every answer that lists the game, never mutated. */
  answer: Record<Language, Game>;
}

const EMPTY = new Int32Array(0);

/** Positions the resolved lists of one snapshot may hold: 4 MB at most. */
const MAX_LIST_POSITIONS = 1_000_000;

function positionsBy(
  games: readonly SnapshotGame[],
  key: (g: SnapshotGame) => string,
): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  for (const g of games) {
    const k = key(g);
    let list = lists.get(k);
    if (!list) lists.set(k, (list = []));
    list.push(g.position);
  }
  return new Map([...lists].map(([k, list]) => [k, Int32Array.from(list)]));
}

/** Each three-character run of the folded names -> the positions of the games whose name has it. */
function trigramIndex(games: readonly SnapshotGame[], language: Language): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  for (const g of games) {
    const name = g.search[language];
    const seen = new Set<string>();
    for (let i = 0; i + 3 <= name.length; i++) seen.add(name.slice(i, i + 3));
    for (const t of seen) {
      let list = lists.get(t);
      if (!list) lists.set(t, (list = []));
      list.push(g.position);
    }
  }
  return new Map([...lists].map(([t, list]) => [t, Int32Array.from(list)]));
}

export function toGame(row: GameRow, vendor: VendorRow | undefined, language: Language): Game {
  const name = language === 'EN' ? row.name_en : row.name_pt;
  return {
    nodeId: row.node_id,
    gameType: row.game_type as GameType,
    vassalage: row.vassalage,
    vendorName: vendor?.display_name ?? row.vassalage,
    gameClassify: row.game_classify,
    gameCode: row.game_code,
    gameName: name,
    nodeName: name,
    iconUrl: row.icon_url,
    isHot: row.is_hot ? 1 : 0,
    supportPlay: row.support_play ? 1 : 0,
    isGame: row.is_game,
    provider: vendor?.provider ?? 'EXTERNAL',
  };
}
