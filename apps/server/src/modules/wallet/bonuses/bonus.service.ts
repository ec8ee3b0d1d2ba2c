import {
  isTrialType,
  type BonusBody,
  type BonusPage,
  type BonusQuery,
  type BonusValue,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../../database.ts';
import type { OperatorActor, OpsAccess } from '../../../ops-access.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { inTransaction } from '../../../platform/db/in-transaction.ts';
import { recordEvent } from '../../../platform/events/event-catalogue.ts';
import { walletBonusCredited } from '../wallet.events.ts';
import { findMemberById } from '../../member/index.ts';
import { ensureMemberWallet, houseAccount, transfer } from '../ledger/ledger.service.ts';
import { addTurnoverRequirement, turnoverRemaining } from '../member-state/turnover.service.ts';
import { memberAccounts, sumCredits } from '../records/wallet-record.repository.ts';
import { listRecord } from '../records/wallet-record.service.ts';
import { readWalletSettings } from '../settings/wallet-settings.service.ts';
import type { WalletDeps } from '../merchant-currency.ts';

/*
 * Bonus money (member centre bonusDetails): an operator grants it from the merchant's PROMOTIONS
 * account as one BONUS transfer, and the grant adds the turnover requirement in the same transaction,
 * so the money and what must be wagered before withdrawing it commit together.
 */

export interface BonusDeps extends Pick<WalletDeps, 'merchantCurrency'> {
  db: Db;
  merchantCode: string;
  ops: Pick<OpsAccess, 'audit'>;
}

/** The ledger's name for a bonus grant's key: per merchant, apart from every other key. */
export const bonusKey = (merchantCode: string, key: string) => `ops-bonus:${merchantCode}:${key}`;

/**
 * POST /ops/wallet/bonuses. The same idempotency key again returns the first grant (replayed: true)
 * and writes nothing: no second requirement, no second audit row; with other data, idempotency_conflict
 * (transfer() compares the request).
 */
export async function grantBonus(
  deps: BonusDeps,
  actor: OperatorActor,
  body: BonusBody,
  requestId: string | null,
): Promise<BonusValue> {
  const member = await findMemberById(deps.db, body.memberId);
  // Trial accounts hold play money only: no bonus cash for them.
  if (!member || member.merchant_code !== deps.merchantCode || isTrialType(member.type)) {
    throw new AppError('not_found');
  }
  const { currency } = await deps.merchantCurrency(deps.merchantCode);
  return inTransaction(deps.db, async (trx) => {
    const wallet = await ensureMemberWallet(trx, member.id, deps.merchantCode, currency);
    const house = await houseAccount(trx, deps.merchantCode, 'PROMOTIONS', currency);
    const result = await transfer(trx, {
      idempotencyKey: bonusKey(deps.merchantCode, body.idempotencyKey),
      debitAccountId: house.id,
      creditAccountId: wallet.id,
      amount: body.amount,
      kind: 'BONUS',
      reference: `bonus:${body.idempotencyKey}`,
    });
    const after = result.creditBalanceAfter;
    if (after === null) throw new Error(`ledger: transfer ${result.id} has no balance after`);
    let turnoverAdded: number;
    if (!result.replayed) {
      await recordEvent(
        trx,
        walletBonusCredited,
        {
          memberId: member.id,
          amount: body.amount,
          currency,
          transferId: result.id,
          at: result.createdAt.toISOString(),
        },
        { key: member.id },
      );
      turnoverAdded = await addTurnoverRequirement(trx, {
        memberId: member.id,
        merchantCode: deps.merchantCode,
        amount: body.amount,
      });
      await deps.ops.audit(trx, {
        actor,
        action: 'wallet.bonus',
        subjectType: 'member',
        subjectId: String(member.id),
        before: { balance: after - body.amount, currency },
        after: { balance: after, currency, amount: body.amount, transferId: result.id, turnoverAdded },
        reason: body.reason,
        requestId,
      });
    } else {
      // A replay adds nothing; it answers the first grant's requirement at today's multiple.
      turnoverAdded =
        body.amount * (await readWalletSettings(trx, deps.merchantCode)).withdraw.turnoverMultiple;
    }
    return {
      transferId: result.id,
      memberId: member.id,
      amount: body.amount,
      currency,
      balanceAfter: after,
      turnoverAdded,
      replayed: result.replayed,
    };
  });
}

/**
 * GET /wps/v2/wallets/bonuses: the account record's own query with the BONUS kind (one keyset query
 * for both pages), and the turnover still to wager.
 */
export async function listBonuses(
  db: DbOrTrx,
  memberId: number,
  merchantCode: string,
  query: BonusQuery,
): Promise<BonusPage> {
  const page = await listRecord(db, memberId, { type: 'BONUS', cursor: query.cursor, limit: query.limit });
  const accounts = await memberAccounts(db, memberId);
  const [remaining, granted, settings] = await Promise.all([
    turnoverRemaining(db, memberId),
    sumCredits(
      db,
      accounts.map((a) => a.id),
      'BONUS',
    ),
    readWalletSettings(db, merchantCode),
  ]);
  return {
    ...page,
    turnoverRemaining: remaining,
    turnoverRequired: Math.max(remaining, granted * settings.withdraw.turnoverMultiple),
  };
}
