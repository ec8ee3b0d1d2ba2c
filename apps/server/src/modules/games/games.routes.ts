import type { FastifyInstance, FastifyRequest } from 'fastify';
import { gamesRoutes, isTrialType, PLAY_MONEY_CURRENCY, type Language, type RouteDef } from '@banca/contract';
import type { z } from 'zod';
import {
  registerRoute,
  serializeEnvelope,
  spliceEnvelopeList,
  type RouteContext,
  type RouteOptions,
  type SerializedEnvelope,
} from '../../platform/http/contract-route.ts';
import { requestLanguage } from '../../platform/http/language.ts';
import type { CatalogueService } from './catalogue/catalogue.service.ts';
import {
  addFavorite,
  favoriteIds,
  favoriteList,
  recentGames,
  removeFavorite,
  type MemberGamesDeps,
} from './lobby/member-games.service.ts';
import { rankList } from './lobby/winner-board.ts';
import { launchGame } from './launch/launch.service.ts';

export interface GamesRouteDeps extends MemberGamesDeps {
  catalogue: CatalogueService;
  /** The currency a member of the merchant plays in (the wallet's merchant settings). */
  merchantCurrency: (merchantCode: string) => Promise<{ currency: string }>;
}

/** The longest vendor popup list (GLS2_roomList). */
const ROOM_LIST_MAX = 200;

const LOTTO_FIELDS = ['lottoArea', 'launchMode', 'lottoPrizeMode', 'lottoGameCode', 'lottoView'] as const;

/** A kept answer's name longer than this is not kept by name (a search's text is bounded far below). */
const REQUEST_KEY_MAX = 1024;

/**
 * A lobby request's name among kept answers: the call, the `language` header it falls back to and
 * its body as sent (the answer depends on nothing else); undefined for an unusually long body.
 */
function requestAsSent(def: RouteDef, request: FastifyRequest): string | undefined {
  const key = `${def.id} ${requestLanguage(request)} ${JSON.stringify(request.body)}`;
  return key.length <= REQUEST_KEY_MAX ? key : undefined;
}

/** The body's language when sent, else the `language` header. */
const languageOf = (request: FastifyRequest, asked: Language | undefined): Language =>
  asked ?? requestLanguage(request);

export function registerGamesRoutes(app: FastifyInstance, deps: GamesRouteDeps): void {
  const { catalogue } = deps;
  // Catalogue answers are the same for everyone until the catalogue changes: each is validated and
  // serialised once per catalogue version and sent as is (the lobby bench's hot path).
  // Kept under the request as sent when it has a name (keptAnswers), so the next same request is
  // answered before its check.
  const cachedEnvelope = <D extends RouteDef>(
    def: D,
    key: readonly unknown[],
    answerKey: string | undefined,
    load: () => Promise<z.output<D['response']>>,
  ): Promise<SerializedEnvelope> =>
    catalogue.cache.get(answerKey ?? JSON.stringify(['envelope', def.id, ...key]), async () =>
      serializeEnvelope(def, await load()),
    );
  // The POST lobby calls' answers by the request as sent (RouteOptions.keptAnswers).
  const keptByRequest = (def: RouteDef): RouteOptions['keptAnswers'] => ({
    key: (request) => requestAsSent(def, request),
    kept: (key) => catalogue.cache.peek<SerializedEnvelope>(key),
  });

  registerRoute(
    app,
    gamesRoutes.gameList,
    ({ body, request, answerKey }) => {
      const list = {
        gameType: body.gameType,
        vassalage: body.vassalage,
        gameClassify: body.gameClassify,
        gameName: body.gameName,
        language: languageOf(request, body.language),
      };
      const page = { pageNo: body.pageNo, pageSize: body.pageSize };
      // Each game's JSON is checked once per catalogue version and shared: a list not asked before
      // costs its filter and the check of its envelope's few numbers, not a check of every game. The
      // answer is kept from its second ask (most pages and searches are asked once), under the
      // request as sent, so the next same request is answered before its check (keptAnswers).
      return catalogue.cache.getAskedAgain(
        answerKey ?? JSON.stringify(['envelope', gamesRoutes.gameList.id, list, page]),
        async () => {
          const { value, games } = await catalogue.gameListJson(list, page);
          return spliceEnvelopeList(
            serializeEnvelope(gamesRoutes.gameList, { games: [], ...value }),
            'games',
            games,
          );
        },
      );
    },
    { keptAnswers: keptByRequest(gamesRoutes.gameList) },
  );

  registerRoute(
    app,
    gamesRoutes.hotGames,
    ({ body, request, answerKey }) => {
      const hot = {
        gameType: body.gameType,
        vassalage: body.vassalage,
        language: languageOf(request, body.language),
      };
      return cachedEnvelope(gamesRoutes.hotGames, [hot], answerKey, async () => ({
        list: await catalogue.hotGames(hot),
      }));
    },
    { keptAnswers: keptByRequest(gamesRoutes.hotGames) },
  );

  registerRoute(
    app,
    gamesRoutes.vassGameType,
    ({ body, request, answerKey }) => {
      const language = languageOf(request, body.language);
      return cachedEnvelope(gamesRoutes.vassGameType, [body.gameType, language], answerKey, async () => ({
        list: await catalogue.vendorsOf(body.gameType, language),
      }));
    },
    { keptAnswers: keptByRequest(gamesRoutes.vassGameType) },
  );

  registerRoute(
    app,
    gamesRoutes.newGameVendor,
    ({ body, request, answerKey }) => {
      const language = languageOf(request, body.language);
      return cachedEnvelope(gamesRoutes.newGameVendor, [language], answerKey, () =>
        catalogue.lanes(language),
      );
    },
    { keptAnswers: keptByRequest(gamesRoutes.newGameVendor) },
  );

  registerRoute(app, gamesRoutes.gameMenus, ({ query, request }) => {
    const language = languageOf(request, query.language);
    return cachedEnvelope(gamesRoutes.gameMenus, [query.prizeMode, language], undefined, () =>
      catalogue.menus(query.prizeMode, language),
    );
  });

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

  // /wps/game/launchGame: a real launch; trial accounts are refused at the edge (403
  // in_need_true_account). GCS_gameLaunchFB, the tile's free-trial button (spec sections 2 and 7):
  // a trial account plays the game in play money (XPL, the ledger keeps it apart from cash) when the
  // game offers the free trial; a real member gets the ordinary launch in the merchant's currency.
  const launch =
    (freeTrialCall: boolean) =>
    async ({
      body,
      request,
      auth,
    }: Pick<RouteContext<typeof gamesRoutes.launchGame>, 'body' | 'request' | 'auth'>) => {
      const lotto = Object.fromEntries(
        LOTTO_FIELDS.flatMap((field) => (body[field] === undefined ? [] : [[field, body[field]]])),
      );
      const freeTrial = freeTrialCall && isTrialType(auth.type);
      return launchGame(deps.db, {
        memberId: auth.memberId,
        merchantCode: auth.merchantCode,
        currency: freeTrial ? PLAY_MONEY_CURRENCY : (await deps.merchantCurrency(auth.merchantCode)).currency,
        nodeId: body.nodeId,
        language: languageOf(request, body.language),
        device: body.device,
        backUrl: body.backUrl,
        lotto,
        freeTrial,
      });
    };
  registerRoute(app, gamesRoutes.launchGame, launch(false), { requireRealAccount: true });
  registerRoute(app, gamesRoutes.launchGameFB, launch(true));

  registerRoute(
    app,
    gamesRoutes.roomList,
    ({ body, request, answerKey }) => {
      const list = {
        gameType: body.gameType,
        vassalage: body.vassalage,
        language: languageOf(request, body.language),
      };
      // An unknown or disabled vendor is 404 game_vendor_not_found (the list's own check).
      return cachedEnvelope(gamesRoutes.roomList, [list], answerKey, async () => ({
        list: (await catalogue.gameList(list, { pageNo: 1, pageSize: ROOM_LIST_MAX })).games,
      }));
    },
    { keptAnswers: keptByRequest(gamesRoutes.roomList) },
  );
}
