import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gamesRoutes, type Language } from '@banca/contract';
import { registerRoute } from '../../platform/http/contract-route.ts';
import { requestLanguage } from '../../platform/http/language.ts';
import { findEnabledGame } from './catalogue.repository.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { GamesError } from './games.errors.ts';
import {
  addFavorite,
  favoriteIds,
  favoriteList,
  recentGames,
  removeFavorite,
  type MemberGamesDeps,
} from './member-games.service.ts';
import { rankList } from './winner-board.ts';

export interface GamesRouteDeps extends MemberGamesDeps {
  catalogue: CatalogueService;
}

/** The body's language when sent, else the `language` header. */
const languageOf = (request: FastifyRequest, asked: Language | undefined): Language =>
  asked ?? requestLanguage(request);

export function registerGamesRoutes(app: FastifyInstance, deps: GamesRouteDeps): void {
  const { catalogue } = deps;

  registerRoute(app, gamesRoutes.gameList, ({ body, request }) =>
    catalogue.gameList(
      {
        gameType: body.gameType,
        vassalage: body.vassalage,
        gameClassify: body.gameClassify,
        gameName: body.gameName,
        language: languageOf(request, body.language),
      },
      { pageNo: body.pageNo, pageSize: body.pageSize },
    ),
  );

  registerRoute(app, gamesRoutes.hotGames, async ({ body, request }) => ({
    list: await catalogue.hotGames({
      gameType: body.gameType,
      vassalage: body.vassalage,
      language: languageOf(request, body.language),
    }),
  }));

  registerRoute(app, gamesRoutes.vassGameType, async ({ body, request }) => ({
    list: await catalogue.vendorsOf(body.gameType, languageOf(request, body.language)),
  }));

  registerRoute(app, gamesRoutes.newGameVendor, ({ body, request }) =>
    catalogue.lanes(languageOf(request, body.language)),
  );

  registerRoute(app, gamesRoutes.gameMenus, ({ query, request }) =>
    catalogue.menus(query.prizeMode, languageOf(request, query.language)),
  );

  registerRoute(app, gamesRoutes.favoriteIds, async ({ auth }) => ({
    list: await favoriteIds(deps, auth.memberId),
  }));

  registerRoute(app, gamesRoutes.favoriteList, ({ auth, body, request }) =>
    favoriteList(deps, auth.memberId, {
      gameType: body.gameType,
      pageNo: body.pageNo,
      pageSize: body.pageSize,
      language: languageOf(request, body.language),
    }),
  );

  registerRoute(app, gamesRoutes.addFavorite, ({ auth, body }) => addFavorite(deps, auth.memberId, body));
  registerRoute(app, gamesRoutes.removeFavorite, ({ auth, body }) =>
    removeFavorite(deps, auth.memberId, body),
  );

  registerRoute(app, gamesRoutes.recentGames, ({ auth, body, request }) =>
    recentGames(deps, auth.memberId, {
      gameType: body.gameType,
      page: body.page,
      pageSize: body.pageSize,
      language: languageOf(request, body.language),
    }),
  );

  registerRoute(app, gamesRoutes.rankList, async ({ body, request }) => ({
    list: await rankList(deps.db, catalogue, {
      gameCategory: body.gameCategory,
      limitNum: body.limitNum,
      language: languageOf(request, body.language),
    }),
  }));

  // The launch is declared now so the lobby's launch routing is real: logged-out callers get 401 and
  // trial accounts 403 in_need_true_account at the edge; a game that does not exist 404; every real
  // game 503 game_unavailable until the play issue brings the game servers.
  registerRoute(
    app,
    gamesRoutes.launchGame,
    async ({ body }) => {
      const game = await findEnabledGame(deps.db, body.nodeId);
      if (!game) throw new GamesError('game_not_found', { nodeId: body.nodeId });
      throw new GamesError('game_unavailable', { nodeId: body.nodeId });
    },
    { requireRealAccount: true },
  );
}
