/**
 * The back office on two gateway nodes over one PostgreSQL schema, as behind a load balancer (issue
 * 23, "Two gateway nodes"; here beside the withdrawal helpers it uses, every call over HTTP): a withdrawal approved through node A is approved when the member reads it
 * through node B; a lock through node B ends the member's sessions on both nodes at once (their token
 * refused on either, the balance stream open on node A closed). Skipped without TEST_DATABASE_URL
 * (PGlite is one process's database). Nothing waits for a time: each wait is for a state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, memberOpsRoutes, operatorRoutes, walletRoutes } from '@banca/contract';
import type { Database } from '../../../database.ts';
import { openDatabase, type DatabaseHandle } from '../../../platform/db/db.ts';
import { seedDemo } from '../../../seed/demo-seed.ts';
import { seedDemoAccounts } from '../../../seed/demo-accounts.ts';
import { expectFailure } from '../../../test/auth-client.ts';
import { OPERATOR_TOKEN } from '../../../test/test-app.ts';
import { freshOperatorName, loginOperatorWithTotp, OPERATOR_PASSWORD } from '../../../test/ops-client.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/test-db.ts';
import { openStream, startDepositApp } from '../deposits/deposit.testing.ts';
import {
  fund,
  loggedInMember,
  opsCall,
  readyToWithdraw,
  withdrawBody,
  type WithdrawTestServer,
} from './withdrawal.testing.ts';

describe.runIf(TEST_DATABASE_URL)('the back office on two gateway nodes (PostgreSQL)', () => {
  let database: TestDatabase;
  let pools: DatabaseHandle<Database>[] = [];
  /** Each node seen through the withdrawal helpers' shape (its own server and client, one database). */
  let nodeA: WithdrawTestServer;
  let nodeB: WithdrawTestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    await seedDemoAccounts(database.db);
    pools = await Promise.all(
      [0, 1].map(() =>
        openDatabase<Database>({
          kind: 'postgres',
          url: TEST_DATABASE_URL!,
          schema: database.schema!,
          max: 10,
        }),
      ),
    );
    const [a, b] = await Promise.all(pools.map((p) => startDepositApp(p.db, {}, { streamRecheckMs: 100 })));
    const asNode = (server: NonNullable<typeof a>): WithdrawTestServer => ({
      database,
      server,
      client: server.client,
      close: () => server.close(),
    });
    nodeA = asNode(a!);
    nodeB = asNode(b!);
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await Promise.all(pools.map((p) => p.close()));
    await database?.close();
  });

  it('a withdrawal approved on node A reads approved on node B', async () => {
    const m = await loggedInMember(nodeA);
    await fund(database.db, m.memberId, 50_000);
    await readyToWithdraw(nodeA, m);
    const requested = await nodeA.client.call(walletRoutes.requestWithdrawal.path, {
      method: 'POST',
      enc: true,
      token: m.token,
      ip: m.ip,
      body: withdrawBody(20_000),
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const id = requested.body.value.id as number;

    const approve = await opsCall(nodeA, fillPath(walletRoutes.opsApproveWithdrawal.path, { id }), {
      body: {},
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);

    const onB = await nodeB.client.call(fillPath(walletRoutes.withdrawal.path, { id }), {
      token: m.token,
      ip: m.ip,
    });
    expect(onB.status).toBe(200);
    expect(['APPROVED', 'PAYING', 'PAID']).toContain(onB.body.value.status);
    // The other node's queue no longer offers it for a decision.
    expectFailure(
      await opsCall(nodeB, fillPath(walletRoutes.opsApproveWithdrawal.path, { id }), { body: {} }),
      409,
      'withdrawal_state_conflict',
    );
  });

  it('a lock on node B ends the member’s sessions on both nodes', async () => {
    const m = await loggedInMember(nodeA);
    const balance = (node: WithdrawTestServer) =>
      node.client.call(walletRoutes.balance.path, { token: m.token, ip: m.ip });
    expect((await balance(nodeA)).status).toBe(200);
    expect((await balance(nodeB)).status).toBe(200);
    const stream = await openStream(nodeA.server.url, m.token);
    expect(stream.status).toBe(200);

    // Locking is support's and risk's, not finance's: a support operator, created with the bootstrap
    // token and logged in (password and TOTP) on node B.
    const username = freshOperatorName('sup');
    const created = await fetch(nodeB.server.url + operatorRoutes.createOperator.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: OPERATOR_PASSWORD, role: 'support' }),
    });
    expect(created.status).toBe(200);
    const support = await loginOperatorWithTotp(nodeB.server.url, username, OPERATOR_PASSWORD);
    const lock = await fetch(nodeB.server.url + fillPath(memberOpsRoutes.lock.path, { id: m.memberId }), {
      method: 'POST',
      headers: { authorization: `Bearer ${support.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'two-node test' }),
    });
    expect(lock.status, await lock.clone().text()).toBe(200);
    expect(((await lock.json()) as { value: { sessionsEnded: number } }).value.sessionsEnded).toBe(1);

    for (const node of [nodeA, nodeB]) expect((await balance(node)).status).toBe(401);
    // The stream on the other node re-checks its session and ends (bounded by the test's timeout).
    await stream.ended;
  });
});
