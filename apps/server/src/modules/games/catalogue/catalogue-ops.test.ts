import { gamesRoutes, operatorRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { expectFailure } from '../../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../../test/ops-client.ts';

/**
 * The catalogue in the back office: edits go through the games module and its change event, so the
 * member lobby answers from the new catalogue (this node at once, others on the event); the import
 * previews before it applies; roles, audit and bad input.
 */
let t: OpsTestServer;
let admin: { token: string };
let content: { token: string; username: string };
let support: { token: string };
let finance: { token: string };
beforeAll(async () => {
  t = await startOpsTestServer();
  await seedDemoLobby(t.database.db);
  [admin, content, support, finance] = await Promise.all([
    t.operator('admin'),
    t.operator('content'),
    t.operator('support'),
    t.operator('finance'),
  ]);
});
afterAll(() => t?.close());

const gamePath = (nodeId: string) => gamesRoutes.opsUpdateGame.path.replace(':nodeId', nodeId);
const vendorPath = (vendor: string) => gamesRoutes.opsUpdateVendor.path.replace(':vendor', vendor);
const putGame = (nodeId: string, body: unknown, token = content.token) =>
  t.ops(gamePath(nodeId), { method: 'PUT', token, body });
const lobby = async (route: { path: string; method: string }, body: unknown = {}) => {
  const res = await t.client.call(route.path, { method: route.method, body });
  expect(res.status).toBe(200);
  return res.body.value as {
    list: { gameCode: string }[];
    games: { gameCode: string; gameName: string }[];
  };
};
const listed = async (vassalage: string) =>
  (await lobby(gamesRoutes.gameList, { vassalage, pageSize: 100 })).games.map((g) => g.gameCode);
const hot = async () => (await lobby(gamesRoutes.hotGames)).list.map((g) => g.gameCode);

describe('catalogue lists', () => {
  it('lists games by filters with keyset pages, and vendors with counts', async () => {
    const all = await t.ops(`${gamesRoutes.opsGames.path}?limit=2`, { token: content.token });
    expect(all.status).toBe(200);
    expect(all.body.value.items).toHaveLength(2);
    const next = await t.ops(`${gamesRoutes.opsGames.path}?limit=2&after=${all.body.value.nextCursor}`, {
      token: content.token,
    });
    expect(next.body.value.items[0].nodeId > all.body.value.items[1].nodeId).toBe(true);
    const hotOnly = await t.ops(`${gamesRoutes.opsGames.path}?hot=true&limit=200`, { token: content.token });
    expect(hotOnly.body.value.items.every((g: { isHot: boolean }) => g.isHot)).toBe(true);
    const rng = await t.ops(`${gamesRoutes.opsGames.path}?type=RNG&vendor=BANCA&limit=200`, {
      token: content.token,
    });
    expect(rng.body.value.items.length).toBeGreaterThan(0);
    expect(
      rng.body.value.items.every(
        (g: { gameType: string; vendor: string }) => g.gameType === 'RNG' && g.vendor === 'BANCA',
      ),
    ).toBe(true);
    const vendors = await t.ops(gamesRoutes.opsVendors.path, { token: content.token });
    expect(vendors.body.value.vendors.find((v: { vendor: string }) => v.vendor === 'BANCA')).toMatchObject({
      enabled: true,
      games: expect.any(Number),
    });
  });
});

describe('catalogue edits reach the member lobby', () => {
  it('a disabled game leaves the list; enabled again it is back; audited with before and after', async () => {
    const [game] = (
      await t.ops(`${gamesRoutes.opsGames.path}?vendor=BANCA&enabled=true&limit=1`, { token: content.token })
    ).body.value.items;
    expect(await listed('BANCA')).toContain(game.gameCode);
    const off = await putGame(game.nodeId, { enabled: false, reason: 'Vendor fault' });
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({ nodeId: game.nodeId, enabled: false });
    expect(await listed('BANCA')).not.toContain(game.gameCode);
    expect((await putGame(game.nodeId, { enabled: true })).status).toBe(200);
    expect(await listed('BANCA')).toContain(game.gameCode);

    const audit = await t.ops(
      `${operatorRoutes.audit.path}?action=games.game.update&subjectId=${game.nodeId}`,
      {
        token: admin.token,
      },
    );
    expect(audit.body.value.items[1]).toMatchObject({
      actor: content.username,
      reason: 'Vendor fault',
      before: expect.objectContaining({ enabled: true }),
      after: expect.objectContaining({ enabled: false }),
    });
  });

  it('a hot flag shows the game in the hot list at its rank; names per language change', async () => {
    const before = await hot();
    const cold = (
      await t.ops(`${gamesRoutes.opsGames.path}?hot=false&enabled=true&limit=1`, {
        token: content.token,
      })
    ).body.value.items[0];
    expect(before).not.toContain(cold.gameCode);
    const res = await putGame(cold.nodeId, {
      isHot: true,
      hotRank: 1_000_000,
      namePT: 'Jogo Quente',
      nameEN: 'Hot Game',
    });
    expect(res.status).toBe(200);
    const after = await hot();
    expect(after[0]).toBe(cold.gameCode);
    const en = await t.client.call(gamesRoutes.gameList.path, {
      method: 'POST',
      body: { vassalage: cold.vendor, pageSize: 100 },
      lang: 'EN',
    });
    expect(en.body.value.games.find((g: { gameCode: string }) => g.gameCode === cold.gameCode).gameName).toBe(
      'Hot Game',
    );
  });

  it('a disabled vendor leaves the lobby (404 on its list) and comes back', async () => {
    expect(
      (await t.ops(vendorPath('BANCA'), { method: 'PUT', token: content.token, body: { enabled: false } }))
        .status,
    ).toBe(200);
    expectFailure(
      await t.client.call(gamesRoutes.gameList.path, { method: 'POST', body: { vassalage: 'BANCA' } }),
      404,
      'game_vendor_not_found',
    );
    const vendors = await t.ops(gamesRoutes.opsVendors.path, { token: content.token });
    expect(vendors.body.value.vendors.find((v: { vendor: string }) => v.vendor === 'BANCA').enabled).toBe(
      false,
    );
    expect(
      (await t.ops(vendorPath('BANCA'), { method: 'PUT', token: content.token, body: { enabled: true } }))
        .status,
    ).toBe(200);
    expect((await listed('BANCA')).length).toBeGreaterThan(0);
  });
});

const FILE = JSON.stringify({
  vendors: [
    { vassalage: 'OPSV', displayName: 'Ops Vendor', provider: 'EXTERNAL', gameType: 'RNG', sort: 90 },
  ],
  games: [
    { vassalage: 'OPSV', gameCode: 'G1', gameType: 'RNG', namePT: 'Um', nameEN: 'One' },
    { vassalage: 'OPSV', gameCode: 'G2', gameType: 'RNG', namePT: 'Dois', nameEN: 'Two' },
  ],
});

describe('catalogue import from the back office', () => {
  const importCall = (body: unknown, token = content.token) =>
    t.ops(gamesRoutes.opsImportCatalogue.path, { method: 'POST', token, body });

  it('previews without changing anything, then applies (audited); a changed file shows its fields', async () => {
    const preview = await importCall({ format: 'json', text: FILE, apply: false });
    expect(preview.status).toBe(200);
    expect(preview.body.value).toMatchObject({ applied: false, changes: 3 });
    expect(preview.body.value.games).toEqual([
      { nodeId: 'OPSV-G1', change: 'added', fields: [] },
      { nodeId: 'OPSV-G2', change: 'added', fields: [] },
    ]);
    const none = await t.ops(`${gamesRoutes.opsGames.path}?vendor=OPSV`, { token: content.token });
    expect(none.body.value.items).toEqual([]);

    const applied = await importCall({ format: 'json', text: FILE, apply: true, reason: 'New vendor' });
    expect(applied.body.value).toMatchObject({ applied: true, changes: 3 });
    expect(await listed('OPSV')).toEqual(expect.arrayContaining(['G1', 'G2']));

    const v2 = JSON.stringify({
      vendors: [],
      games: [
        { vassalage: 'OPSV', gameCode: 'G1', gameType: 'RNG', namePT: 'Um!', nameEN: 'One', isHot: true },
      ],
    });
    const preview2 = await importCall({ format: 'json', text: v2, apply: false });
    expect(preview2.body.value.games).toEqual([
      { nodeId: 'OPSV-G1', change: 'updated', fields: ['name_pt', 'is_hot'] },
      { nodeId: 'OPSV-G2', change: 'disabled', fields: ['enabled'] },
    ]);
    const audit = await t.ops(`${operatorRoutes.audit.path}?action=games.catalogue.import`, {
      token: admin.token,
    });
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        actor: content.username,
        reason: 'New vendor',
        after: expect.objectContaining({ changes: 3 }),
      }),
    ]);
  });

  it('refuses a bad file with its rows, other roles, and bad edits; nothing changes', async () => {
    const bad = await importCall({
      format: 'json',
      text: '{"vendors":[],"games":[{"vassalage":"OPSV"}]}',
      apply: true,
    });
    expectFailure(bad, 400, 'catalogue_file_invalid');
    expect(bad.body.value.errors[0]).toMatchObject({ row: expect.any(String), message: expect.any(String) });
    expectFailure(
      await importCall({ format: 'csv', text: 'x', apply: false }, support.token),
      403,
      'forbidden',
    );
    expectFailure(await putGame('OPSV-G1', { enabled: false }, support.token), 403, 'forbidden');
    expectFailure(await putGame('OPSV-G1', { enabled: false }, finance.token), 403, 'forbidden');
    expectFailure(await t.ops(gamesRoutes.opsGames.path, { token: support.token }), 403, 'forbidden');
    expectFailure(await putGame('OPSV-NOPE', { enabled: false }), 404, 'game_not_found');
    expectFailure(
      await t.ops(vendorPath('NOPE'), { method: 'PUT', token: content.token, body: { sort: 1 } }),
      404,
      'game_vendor_not_found',
    );
    expectFailure(await putGame('OPSV-G1', {}), 400, 'invalid_input');
    expectFailure(await putGame('OPSV-G1', { reason: 'only a reason' }), 400, 'invalid_input');
    expectFailure(await putGame('OPSV-G1', { iconUrl: 'https://evil.example/x.png' }), 400, 'invalid_input');
    expectFailure(await putGame('OPSV-G1', { hotRank: -1 }), 400, 'invalid_input');
    expectFailure(await putGame('OPSV-G1', { namePT: '' }), 400, 'invalid_input');
    for (const rtp of [0, -1, 10_001, 96.5, '9650'])
      expectFailure(await putGame('OPSV-G1', { rtp }), 400, 'invalid_input');
    expect(await listed('OPSV')).toEqual(expect.arrayContaining(['G1', 'G2']));
  });

  it('states an RTP: the import previews its change, the operator edits or clears it, audited', async () => {
    const rtpFile = (rtp?: number | string) =>
      JSON.stringify({
        vendors: [{ vassalage: 'RTPV', displayName: 'RTP Studio', gameType: 'RNG' }],
        games: [{ vassalage: 'RTPV', gameCode: 'R1', gameType: 'RNG', namePT: 'Um', nameEN: 'One', rtp }],
      });
    const added = await importCall({ format: 'json', text: rtpFile(9650), apply: true });
    expect(added.body.value.games).toEqual([
      { nodeId: 'RTPV-R1', change: 'added', fields: [], rtp: { from: null, to: 9650 } },
    ]);
    const preview = await importCall({ format: 'json', text: rtpFile(9712), apply: false });
    expect(preview.body.value.games).toEqual([
      { nodeId: 'RTPV-R1', change: 'updated', fields: ['rtp_bp'], rtp: { from: 9650, to: 9712 } },
    ]);
    // CSV carries it as a column; an empty cell states none.
    const csv = 'vassalage,gameCode,gameType,namePT,nameEN,rtp\nRTPV,R1,RNG,Um,One,\n';
    expect((await importCall({ format: 'csv', text: csv, apply: false })).body.value.games).toEqual([
      { nodeId: 'RTPV-R1', change: 'updated', fields: ['rtp_bp'], rtp: { from: 9650, to: null } },
    ]);
    for (const bad of [0, 10_001, 96.5, 'x'])
      expectFailure(
        await importCall({ format: 'json', text: rtpFile(bad), apply: false }),
        400,
        'catalogue_file_invalid',
      );

    const game = async () =>
      (await t.ops(`${gamesRoutes.opsGames.path}?vendor=RTPV`, { token: content.token })).body.value.items[0];
    expect((await game()).rtp).toBe(9650);
    expect((await putGame('RTPV-R1', { rtp: 9600, reason: 'Certified' })).body.value.rtp).toBe(9600);
    expect((await putGame('RTPV-R1', { rtp: null })).body.value.rtp).toBeNull();
    expect((await game()).rtp).toBeNull();
    const audit = await t.ops(`${operatorRoutes.audit.path}?subjectType=game&subjectId=RTPV-R1`, {
      token: admin.token,
    });
    expect(
      audit.body.value.items.map((a: { before: { rtp: number }; after: { rtp: number } }) => [
        a.before.rtp,
        a.after.rtp,
      ]),
    ).toEqual([
      [9600, null],
      [9650, 9600],
    ]);
  });

  it('the demo catalogue states its games’ RTP', async () => {
    const res = await t.ops(`${gamesRoutes.opsGames.path}?vendor=BANCA`, { token: content.token });
    const rtp = Object.fromEntries(
      res.body.value.items.map((g: { nodeId: string; rtp: number }) => [g.nodeId, g.rtp]),
    );
    expect(rtp).toMatchObject({ 'BANCA-SLOT5X3': 9604, 'BANCA-DICE': 9900 });
  });
});
