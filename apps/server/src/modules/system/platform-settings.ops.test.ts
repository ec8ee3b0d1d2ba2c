import { operatorRoutes, systemRoutes } from '@banca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/auth-client.ts';
import { startOpsTestServer, type OpsTestServer } from '../../test/ops-client.ts';
import { getJson } from '../../test/test-app.ts';

/** White-label flags and registration fields from the back office: admin only, audited, members see them. */
let t: OpsTestServer;
let admin: { token: string; username: string };
let content: { token: string };
let support: { token: string };
beforeAll(async () => {
  t = await startOpsTestServer();
  [admin, content, support] = await Promise.all([
    t.operator('admin'),
    t.operator('content'),
    t.operator('support'),
  ]);
});
afterAll(() => t?.close());

const put = (path: string, body: unknown, token = admin.token) => t.ops(path, { method: 'PUT', token, body });
const memberWhitelabel = async () => (await getJson(t.server.url + systemRoutes.whitelabel.path)).body.value;
const memberFields = async () =>
  (await getJson(t.server.url + systemRoutes.registerSettings.path)).body.value as {
    name: string;
    enabled: boolean;
    required: boolean;
    minLength: number;
    maxLength: number;
  }[];

describe('platform settings', () => {
  it('reads the flags and the fields as members get them', async () => {
    const res = await t.ops(systemRoutes.platformSettings.path, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.value.whitelabel).toEqual(await memberWhitelabel());
    expect(res.body.value.registerFields).toEqual(await memberFields());
  });

  it('switches white-label flags; the member site follows; audited with before and after', async () => {
    const before = await memberWhitelabel();
    const res = await put(systemRoutes.setWhitelabelFlags.path, {
      flags: { FREEPLAY3: !before.FREEPLAY3, vipEnabled: !before.vip.enabled },
      reason: 'Campaign',
    });
    expect(res.status).toBe(200);
    const after = await memberWhitelabel();
    expect(after.FREEPLAY3).toBe(!before.FREEPLAY3);
    expect(after.vip.enabled).toBe(!before.vip.enabled);
    expect(after.MOBILENUMREG3).toBe(before.MOBILENUMREG3);
    const audit = await t.ops(`${operatorRoutes.audit.path}?action=system.whitelabel`, {
      token: admin.token,
    });
    expect(audit.body.value.items[0]).toMatchObject({
      actor: admin.username,
      reason: 'Campaign',
      before: { FREEPLAY3: before.FREEPLAY3, vipEnabled: before.vip.enabled },
      after: { FREEPLAY3: !before.FREEPLAY3, vipEnabled: !before.vip.enabled },
    });
  });

  it('renames the site (trimmed); members get the new name at once; audited with the old one', async () => {
    const before = await memberWhitelabel();
    const res = await put(systemRoutes.setWhitelabelFlags.path, { siteName: '  Sorte Grande ' });
    expect(res.status).toBe(200);
    expect(res.body.value.siteName).toBe('Sorte Grande');
    const after = await memberWhitelabel();
    expect(after).toEqual({ ...before, siteName: 'Sorte Grande' });
    const audit = await t.ops(`${operatorRoutes.audit.path}?action=system.whitelabel`, {
      token: admin.token,
    });
    expect(audit.body.value.items[0]).toMatchObject({
      before: { siteName: before.siteName },
      after: { siteName: 'Sorte Grande' },
    });
    // Back to the name the other tests' texts may carry.
    expect((await put(systemRoutes.setWhitelabelFlags.path, { siteName: before.siteName })).status).toBe(200);
  });

  it('shows, requires and sizes registration fields; the register settings follow', async () => {
    const fields = await memberFields();
    const field = fields.find((f) => f.name !== 'username') ?? fields[0]!;
    const res = await put(systemRoutes.setRegisterFields.path, {
      fields: [{ name: field.name, enabled: true, required: true, minLength: 2, maxLength: 40 }],
    });
    expect(res.status).toBe(200);
    expect((await memberFields()).find((f) => f.name === field.name)).toMatchObject({
      enabled: true,
      required: true,
      minLength: 2,
      maxLength: 40,
    });
    const audit = await t.ops(`${operatorRoutes.audit.path}?action=system.register_fields`, {
      token: admin.token,
    });
    expect(audit.body.value.items[0].before).toEqual([expect.objectContaining({ name: field.name })]);
  });

  it('refuses other roles and bad input, changing nothing', async () => {
    const wl = await memberWhitelabel();
    const fields = await memberFields();
    expectFailure(
      await t.ops(systemRoutes.platformSettings.path, { token: content.token }),
      403,
      'forbidden',
    );
    expectFailure(
      await put(systemRoutes.setWhitelabelFlags.path, { flags: { FREEPLAY3: true } }, support.token),
      403,
      'forbidden',
    );
    expectFailure(
      await put(systemRoutes.setRegisterFields.path, { fields: [] }, content.token),
      403,
      'forbidden',
    );
    expectFailure(await put(systemRoutes.setWhitelabelFlags.path, { flags: {} }), 400, 'invalid_input');
    expectFailure(await put(systemRoutes.setWhitelabelFlags.path, {}), 400, 'invalid_input');
    for (const siteName of [' x ', 'n'.repeat(41), 7])
      expectFailure(await put(systemRoutes.setWhitelabelFlags.path, { siteName }), 400, 'invalid_input');
    expectFailure(
      await put(systemRoutes.setWhitelabelFlags.path, { flags: { siteName: true } }),
      400,
      'invalid_input',
    );
    expectFailure(
      await put(systemRoutes.setWhitelabelFlags.path, { flags: { FREEPLAY3: 'yes' } }),
      400,
      'invalid_input',
    );
    const name = fields[0]!.name;
    const bad = (f: Record<string, unknown>) =>
      put(systemRoutes.setRegisterFields.path, {
        fields: [{ name, enabled: true, required: false, minLength: 1, maxLength: 10, ...f }],
      });
    expectFailure(await bad({ minLength: 20 }), 400, 'invalid_input');
    expectFailure(await bad({ enabled: false, required: true }), 400, 'invalid_input');
    expectFailure(await bad({ name: 'nope' }), 400, 'invalid_input');
    expectFailure(await bad({ maxLength: 1000 }), 400, 'invalid_input');
    expect(await memberWhitelabel()).toEqual(wl);
    expect(await memberFields()).toEqual(fields);
  });
});
