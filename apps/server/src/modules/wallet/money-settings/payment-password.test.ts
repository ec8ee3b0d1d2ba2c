import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../platform/crypto/password.ts';
import * as moveToWallet from '../../../platform/db/migrations/202611262336-wallet-payment-password.ts';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import { makeFixture } from '../../../test/auth-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { findMemberByAccount, register } from '../../member/index.ts';
import { createWalletSettings } from '../settings/wallet-settings.service.ts';
import {
  checkPaymentPassword,
  paymentPasswordSet,
  type PaymentPasswordDeps,
} from './payment-password.service.ts';

/*
 * The payment password is the wallet's: registration (member module) stores it through the wallet's
 * port, and the migration that moved it off the member row kept every hash already set.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

/** A fresh account name the default username rule accepts (letters, then digits). */
const letters = (prefix: string): string =>
  prefix + [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

const depsOf = (db: TestDatabase['db']): PaymentPasswordDeps => ({
  db,
  settings: createWalletSettings(db),
  system: { registerSettings: async () => [] },
  clock: () => new Date(),
});

describe('the payment password chosen at registration', () => {
  it('is stored by the wallet and checked by its rules', async () => {
    const f = makeFixture(t.db);
    f.registerSettings.push({
      name: 'paymentPassword',
      enabled: true,
      required: false,
      patternId: 3,
      acceptedPattern: '^[0-9]+$',
      minLength: 6,
      maxLength: 6,
    });
    const account = letters('pay');
    const login = await register(
      f.deps,
      f.ctx,
      {
        username: account,
        password: 'secret1',
        confirmPassword: 'secret1',
        paymentPassword: '135790',
        registerMethod: 'WEB',
      },
      'username',
    );
    const member = (await findMemberByAccount(t.db, f.ctx.merchantCode, account))!;
    expect(login.token).toBeTruthy();
    expect(await paymentPasswordSet(t.db, member.id)).toBe(true);
    const auth = { memberId: member.id, merchantCode: f.ctx.merchantCode } as RouteAuth;
    await expect(checkPaymentPassword(depsOf(t.db), auth, '135790')).resolves.toBeUndefined();
    await expect(checkPaymentPassword(depsOf(t.db), auth, '000000')).rejects.toMatchObject({
      code: 'payment_password_wrong',
    });
  });

  it('is not set when the merchant does not ask for it', async () => {
    const f = makeFixture(t.db);
    const account = letters('nopay');
    await register(
      f.deps,
      f.ctx,
      { username: account, password: 'secret1', confirmPassword: 'secret1', registerMethod: 'WEB' },
      'username',
    );
    const member = (await findMemberByAccount(t.db, f.ctx.merchantCode, account))!;
    expect(await paymentPasswordSet(t.db, member.id)).toBe(false);
  });
});

describe('migration 202611262336 (the hash moves to the wallet)', () => {
  it('copies every hash set on the member row and drops the column; down puts them back', async () => {
    const f = makeFixture(t.db);
    const withOne = await f.createMember({});
    const without = await f.createMember({});
    const hash = await hashPassword('246810');
    const before = await t.db.selectFrom('wallet_payment_password').selectAll().execute();

    await moveToWallet.down(t.db as unknown as Kysely<unknown>);
    await sql`update member set payment_password_hash = ${hash} where id = ${withOne.id}`.execute(t.db);
    await moveToWallet.up(t.db as unknown as Kysely<unknown>);

    const rows = await t.db
      .selectFrom('wallet_payment_password')
      .select(['member_id', 'hash'])
      .where('member_id', 'in', [withOne.id, without.id])
      .execute();
    expect(rows).toEqual([{ member_id: withOne.id, hash }]);
    // Hashes the wallet held before the round trip are all still there.
    const after = await t.db.selectFrom('wallet_payment_password').select(['member_id', 'hash']).execute();
    for (const row of before) expect(after).toContainEqual({ member_id: row.member_id, hash: row.hash });
    const { rows: columns } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
      where table_name = 'member' and column_name = 'payment_password_hash'
        and table_schema = current_schema()`.execute(t.db);
    expect(columns[0]!.n).toBe(0);
  });
});
