import { gamesRoutes, operatorRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../../test/ops-client.ts';
import { seedDemoLobby } from '../../../seed/demo-lobby.ts';
import { vendorClient } from '../../../platform/vendor-api/vendor-client.ts';

let t: OpsTestServer;
let admin: { token: string; username: string };
let finance: { token: string };
beforeAll(async () => {
  t = await startOpsTestServer();
  await seedDemoLobby(t.database.db); // the catalogue's vendors and their credentials
  [admin, finance] = await Promise.all([t.operator('admin'), t.operator('finance')]);
});
afterAll(() => t?.close());

const rotatePath = (vendor: string) => gamesRoutes.rotateVendorSecret.path.replace(':vendor', vendor);
const rotate = (vendor: string, body: unknown = { reason: 'Scheduled rotation' }, token = admin.token) =>
  t.ops(rotatePath(vendor), { method: 'POST', token, body });

/** What the signature check made of a balance call signed with `secret` (the session is made up). */
const signedWith = async (secret: string) =>
  (await vendorClient(t.server.url, 'BANCA', secret).send('balance', { playerSession: 'x'.repeat(43) })).body
    .status;

describe('POST /ops/games/vendors/:vendor/secret', () => {
  it('gives a new secret once, keeps the previous one signing, and audits it without the secret', async () => {
    const first = await rotate('BANCA');
    expect(first.status).toBe(200);
    const second = await rotate('BANCA', { reason: 'Vendor asked for a new secret' });
    expect(second.status).toBe(200);
    expect(second.body.value).toMatchObject({ vendor: 'BANCA', previousValidUntil: expect.any(String) });
    const { secret } = second.body.value as { secret: string };
    expect(secret).not.toBe(first.body.value.secret);
    // The grace: a day after the rotation.
    const graceMs =
      Date.parse(second.body.value.previousValidUntil) - Date.parse(second.body.value.rotatedAt);
    expect(graceMs).toBe(24 * 60 * 60 * 1000);

    // Both the new and the previous secret pass the signature check; another secret does not.
    expect(await signedWith(secret)).not.toMatch(/bad_signature|unknown_vendor/);
    expect(await signedWith(first.body.value.secret)).not.toMatch(/bad_signature|unknown_vendor/);
    expect(await signedWith('not-the-secret-of-this-vendor-0123456789')).toBe('bad_signature');

    const audit = await t.ops(
      `${operatorRoutes.audit.path}?action=games.vendor_secret.rotate&subjectId=BANCA`,
      { token: admin.token },
    );
    expect(audit.body.value.items).toEqual([
      expect.objectContaining({
        actor: admin.username,
        subjectType: 'vendor',
        reason: 'Vendor asked for a new secret',
      }),
      expect.objectContaining({ reason: 'Scheduled rotation' }),
    ]);
    expect(JSON.stringify(audit.body.value)).not.toContain(secret);
  });

  it('is for admins only, names known vendors only, and wants a reason', async () => {
    expectFailure(await rotate('BANCA', undefined, finance.token), 403, 'forbidden');
    expectFailure(
      await t.ops(rotatePath('BANCA'), { method: 'POST', body: { reason: 'no token' }, token: 'nope' }),
      401,
      'not_logged_in',
    );
    expectFailure(await rotate('NOSUCHVENDOR'), 404, 'game_vendor_not_found');
    expectFailure(await rotate('bad vendor'), 400, 'invalid_input');
    expectFailure(await rotate('BANCA', {}), 400, 'invalid_input');
    expectFailure(await rotate('BANCA', { reason: 'ok', extra: 1 }), 400, 'invalid_input');
    const audit = await t.ops(`${operatorRoutes.audit.path}?action=games.vendor_secret.rotate`, {
      token: admin.token,
    });
    expect(audit.body.value.items).toHaveLength(2); // only the first test's rotations
  });
});
