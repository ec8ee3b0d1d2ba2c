import { gameListValueSchema, gamesRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../database.ts';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import { EVERY_NODE, memoryLiveChannel, type LiveMessage } from '../../../platform/live/live-channel.ts';
import { getJson, startApp, type RunningApp } from '../../../test/test-app.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-db.ts';
import type { CatalogueFile } from './catalogue-file.ts';
import { importCatalogue } from './catalogue-import.ts';

/**
 * Two gateway nodes on one database, each answering the lobby from its own catalogue snapshot. A
 * catalogue change committed anywhere (here by the import, as the operator's CLI runs it) is an event;
 * once the dispatcher has handled it (on whichever node), both nodes answer from the new version. The
 * nodes share one memory live channel, as separate processes share Redis. On PostgreSQL node B has
 * its own pool, as a second process would.
 */
let database: TestDatabase;
let bPool: DatabaseHandle<Database> | undefined;
let a: RunningApp;
let b: RunningApp;
const bus = memoryLiveChannel();
const relayed: LiveMessage[] = [];

const vendor = (vassalage: string, enabled = true) => ({
  vassalage,
  displayName: `Nodes ${vassalage}`,
  provider: 'EXTERNAL' as const,
  gameType: 'RNG' as const,
  lagerIcon: '/art/nodes.svg',
  sort: 0,
  enabled,
});
const game = (vassalage: string, code: string, namePT: string, nameEN: string, isHot = false) => ({
  vassalage,
  gameCode: code,
  gameType: 'RNG' as const,
  namePT,
  nameEN,
  iconUrl: '/art/nodes-tile.svg',
  isHot,
  hotRank: 0,
  supportPlay: true,
  isGame: 'GAME' as const,
  prizeModes: [],
  sort: 0,
  enabled: true,
});
const before: CatalogueFile = {
  vendors: [vendor('NODEA'), vendor('NODEB')],
  games: [
    game('NODEA', 'A1', 'Dragão Dourado', 'Golden Dragon', true),
    game('NODEA', 'A2', 'Pérola Negra', 'Black Pearl'),
    game('NODEB', 'B1', 'Leão Veloz', 'Swift Lion'),
  ],
} as CatalogueFile;
/** A renamed game, a hot flag moved, a new game, and vendor NODEB switched off. */
const after: CatalogueFile = {
  vendors: [vendor('NODEA'), vendor('NODEB', false)],
  games: [
    game('NODEA', 'A1', 'Dragão Dourado', 'Golden Dragon'),
    game('NODEA', 'A2', 'Coração de Pérola', 'Pearl Heart', true),
    game('NODEA', 'A3', 'Fênix', 'Phoenix'),
    game('NODEB', 'B1', 'Leão Veloz', 'Swift Lion'),
  ],
} as CatalogueFile;

beforeAll(async () => {
  database = await createTestDatabase();
  await importCatalogue(database.db, before);
  if (TEST_DATABASE_URL) {
    bPool = await openDatabase<Database>({
      kind: 'postgres',
      url: TEST_DATABASE_URL,
      schema: database.schema!,
      max: 4,
    });
  }
  a = await startApp(database.db, {}, { live: bus });
  b = await startApp(bPool?.db ?? database.db, {}, { live: bus });
  bus.subscribe(EVERY_NODE, (message) => relayed.push(message));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await bPool?.close();
  await database?.close();
});

async function list(node: RunningApp, body: Record<string, unknown>, language: 'PT' | 'EN' = 'PT') {
  const res = await getJson(node.url + gamesRoutes.gameList.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language },
    body: JSON.stringify({ pageNo: 1, pageSize: 18, ...body }),
  });
  return { status: res.status, code: res.body.code as string, value: res.body.value };
}
const ids = async (node: RunningApp, body: Record<string, unknown>, language?: 'PT' | 'EN') =>
  gameListValueSchema.parse((await list(node, body, language)).value).games.map((g) => g.nodeId);
async function hot(node: RunningApp): Promise<string[]> {
  const res = await getJson(node.url + gamesRoutes.hotGames.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({}),
  });
  return (res.body.value.list as { nodeId: string }[]).map((g) => g.nodeId);
}

describe('the catalogue snapshot on two nodes', () => {
  it('a change committed anywhere is what both nodes answer once its event is handled', async () => {
    for (const node of [a, b]) {
      expect(await ids(node, {})).toEqual(['NODEA-A1', 'NODEA-A2', 'NODEB-B1']);
      expect(await ids(node, { gameName: 'perola' })).toEqual(['NODEA-A2']);
      expect(await ids(node, { gameName: 'HEART' }, 'EN')).toEqual([]);
      expect(await ids(node, { vassalage: 'NODEB' })).toEqual(['NODEB-B1']);
      expect(await hot(node)).toEqual(['NODEA-A1']);
    }

    const report = await importCatalogue(database.db, after);
    expect(report.changes).toBeGreaterThan(0);
    const version = await database.db
      .selectFrom('game_catalogue_state')
      .select('version')
      .executeTakeFirstOrThrow();
    // Whichever node's dispatcher takes the event; each drain returns once it is handled.
    await a.app.events.drain();
    await b.app.events.drain();
    expect(relayed.map((m) => m.data)).toContainEqual({ version: version.version });

    for (const node of [a, b]) {
      expect(await ids(node, {})).toEqual(['NODEA-A1', 'NODEA-A2', 'NODEA-A3']);
      expect(await ids(node, { gameName: 'coracao' })).toEqual(['NODEA-A2']);
      expect(await ids(node, { gameName: 'HEART' }, 'EN')).toEqual(['NODEA-A2']);
      expect(await ids(node, { gameName: 'fenix' })).toEqual(['NODEA-A3']);
      expect(await list(node, { vassalage: 'NODEB' })).toMatchObject({
        status: 404,
        code: 'game_vendor_not_found',
      });
      expect(await hot(node)).toEqual(['NODEA-A2']);
    }
  });

  it('an import that changes nothing records no event', async () => {
    const events = () =>
      database.db
        .selectFrom('domain_event')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('name', '=', 'games.catalogue-changed')
        .executeTakeFirstOrThrow();
    const n = Number((await events()).n);
    expect(n).toBeGreaterThanOrEqual(2);
    expect((await importCatalogue(database.db, after)).changes).toBe(0);
    expect(Number((await events()).n)).toBe(n);
  });
});
