import { isTrialType, PLAY_MONEY_CURRENCY, PLAY_MONEY_SYMBOL, type BalanceValue } from '@banca/contract';
import type { Expression } from 'kysely';
import type { AuthRead, AuthReadPlan } from '../../../platform/http/route-auth.ts';
import type { WalletDeps } from '../merchant-currency.ts';
import { mainBalanceColumn } from './balance.repository.ts';

/**
 * GET /wps/v2/wallets/balance, read with the token check in one statement (AuthRead): the hottest
 * token call (every page header asks for it) costs one round trip. A real member sees the cash wallet
 * in the merchant's currency; a trial account sees its play money (XPL). Both wallets are read (two
 * index lookups in the same statement) because the member's type is known only with the session row.
 * A wallet not created yet reads as 0: a read never writes.
 */
export function balanceRead(deps: WalletDeps & { merchantCode: string }): AuthRead<BalanceValue> {
  // One plan per (member id expression, currency): the token check compiles its statement once per
  // columns object and then only binds the token (see findSessionWithMember), so the same object is
  // handed back for as long as the currency is the same.
  let last:
    | {
        memberId: Expression<number>;
        currency: string;
        currencySymbol: string;
        plan: AuthReadPlan<BalanceValue>;
      }
    | undefined;
  return async (memberId) => {
    const { currency, currencySymbol } = await deps.merchantCurrency(deps.merchantCode);
    if (
      last &&
      last.memberId === memberId &&
      last.currency === currency &&
      last.currencySymbol === currencySymbol
    )
      return last.plan;
    const plan = balancePlan(deps, memberId, currency, currencySymbol);
    last = { memberId, currency, currencySymbol, plan };
    return plan;
  };
}

function balancePlan(
  deps: { merchantCode: string },
  memberId: Expression<number>,
  currency: string,
  currencySymbol: string,
): AuthReadPlan<BalanceValue> {
  return {
    columns: Object.freeze({
      cash: mainBalanceColumn(memberId, currency),
      play: mainBalanceColumn(memberId, PLAY_MONEY_CURRENCY),
    }),
    value: (row, auth) => {
      if (isTrialType(auth.type)) {
        return {
          balance: (row.play as number | null) ?? 0,
          currency: PLAY_MONEY_CURRENCY,
          currencySymbol: PLAY_MONEY_SYMBOL,
          playMoney: true,
        };
      }
      // The currency above is this node's merchant's (merchantCurrencyFrom serves one merchant).
      if (auth.merchantCode !== deps.merchantCode) throw new Error(`unknown merchant ${auth.merchantCode}`);
      return { balance: (row.cash as number | null) ?? 0, currency, currencySymbol, playMoney: false };
    },
  };
}
