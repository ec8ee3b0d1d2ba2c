import { isAgentType, isTrialType, type MemberTransferBody, type TransferTargets } from '@banca/contract';
import { AppError } from '../../../platform/http/app-error.ts';
import type { RouteAuth } from '../../../platform/http/route-auth.ts';
import {
  findMemberByAccount,
  findMemberById,
  listDirectDownline,
  type MemberView,
} from '../../member/index.ts';
import { ensureMemberWallet, findMemberWallet, transfer } from '../ledger/ledger.service.ts';
import type { WalletDeps } from '../merchant-currency.ts';
import { lockMemberState } from '../member-state/member-state.repository.ts';
import {
  checkPaymentPassword,
  paymentPasswordSet,
  type PaymentPasswordDeps,
} from '../money-settings/payment-password.service.ts';
import { WalletError } from '../wallet.errors.ts';
import { WithdrawError } from '../withdrawals/withdrawal.errors.ts';

/*
 * Transfers along the member's own tree (spec section 6): any member to their upline (the parent link
 * made at registration), agents to their direct downline. The tree is the member module's: read
 * through its service. Any other target, existing or not, answers not_found after the same work, so
 * the call cannot be used to find out who exists.
 */

/** What tree transfers need: the payment password's deps and the merchant currency. */
export interface MemberTransferDeps extends PaymentPasswordDeps, Pick<WalletDeps, 'merchantCurrency'> {}

/** How many direct downline members the targets list shows. */
export const DOWNLINE_LIST_LIMIT = 200;

const usable = (m: MemberView | undefined, merchantCode: string): m is MemberView =>
  !!m && m.merchant_code === merchantCode && m.status === 'ACTIVE' && !isTrialType(m.type);

/** The receiving member when `account` is this member's upline or (for agents) a direct downline. */
async function treeTarget(deps: Pick<MemberTransferDeps, 'db'>, auth: RouteAuth, account: string) {
  const [me, target] = await Promise.all([
    findMemberById(deps.db, auth.memberId),
    findMemberByAccount(deps.db, auth.merchantCode, account),
  ]);
  if (!me || !usable(target, auth.merchantCode) || target.id === me.id) return undefined;
  if (me.parent_id === target.id) return target;
  if (isAgentType(me.type) && target.parent_id === me.id) return target;
  return undefined;
}

/** GET /wps/v2/wallets/member-transfer/targets */
export async function getTransferTargets(
  deps: MemberTransferDeps,
  auth: RouteAuth,
): Promise<TransferTargets> {
  const { currency } = await deps.merchantCurrency(auth.merchantCode);
  const me = await findMemberById(deps.db, auth.memberId);
  const targets: TransferTargets['targets'] = [];
  if (me?.parent_id) {
    const parent = await findMemberById(deps.db, me.parent_id);
    if (usable(parent, auth.merchantCode)) targets.push({ account: parent.account, relation: 'UPLINE' });
  }
  if (me && isAgentType(me.type)) {
    const children = await listDirectDownline(deps.db, {
      merchantCode: auth.merchantCode,
      agentId: me.id,
      limit: DOWNLINE_LIST_LIMIT,
    });
    for (const c of children)
      if (c.status === 'ACTIVE' && !isTrialType(c.type))
        targets.push({ account: c.account, relation: 'DOWNLINE' });
  }
  const [wallet, passwordSet] = await Promise.all([
    findMemberWallet(deps.db, auth.memberId, currency),
    paymentPasswordSet(deps.db, auth.memberId),
  ]);
  return { currency, balance: wallet?.balance ?? 0, targets, paymentPasswordSet: passwordSet };
}

/**
 * POST /wps/v2/wallets/member-transfers: one ledger transfer member -> member (MEMBER_TRANSFER),
 * keyed by the sender and requestId, under the sender's state lock (the same lock withdrawals take),
 * refused while bonus turnover is owed (else bonus money could leave through an upline).
 */
export async function transferToMember(deps: MemberTransferDeps, auth: RouteAuth, body: MemberTransferBody) {
  const target = await treeTarget(deps, auth, body.target);
  if (!target) throw new AppError('not_found');
  await checkPaymentPassword(deps, auth, body.paymentPassword);
  const { currency } = await deps.merchantCurrency(auth.merchantCode);
  return deps.db.transaction().execute(async (trx) => {
    const state = await lockMemberState(trx, auth.memberId);
    if (state.turnover_remaining > 0)
      throw new WithdrawError('turnover_not_met', { remaining: state.turnover_remaining });
    const from = await findMemberWallet(trx, auth.memberId, currency);
    const to = await ensureMemberWallet(trx, target.id, auth.merchantCode, currency);
    if (!from) throw new WalletError('insufficient_funds');
    const moved = await transfer(trx, {
      idempotencyKey: `member-transfer:${auth.memberId}:${body.requestId}`,
      debitAccountId: from.id,
      creditAccountId: to.id,
      amount: body.amount,
      kind: 'MEMBER_TRANSFER',
      reference: `member:${auth.memberId}->member:${target.id}`,
    });
    const after = await findMemberWallet(trx, auth.memberId, currency);
    return {
      transferId: moved.id,
      amount: moved.amount,
      target: target.account,
      balance: after?.balance ?? 0,
    };
  });
}
