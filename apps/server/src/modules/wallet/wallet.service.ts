import { isTrialType, PLAY_MONEY_CURRENCY, PLAY_MONEY_SYMBOL, type BalanceValue } from '@banca/contract';
import type { Db } from '../../database.ts';
import type { RouteAuth } from '../../platform/http/route-auth.ts';
import type { SystemService } from '../system/index.ts';
import { findMemberAccount } from './ledger.repository.ts';

/** The merchant's real-money currency, owned by the system module (merchant settings). */
export interface MerchantCurrency {
  currency: string;
  currencySymbol: string;
}

/** What the wallet calls need, passed in so tests can wire a real database and fakes. */
export interface WalletDeps {
  db: Db;
  merchantCurrency(merchantCode: string): Promise<MerchantCurrency>;
}

/**
 * GET /wps/v2/wallets/balance. A real member sees the cash wallet in the merchant's currency; a trial
 * account sees its play money (XPL). A wallet not created yet reads as 0: a read never writes.
 */
export async function getBalance(deps: WalletDeps, auth: RouteAuth): Promise<BalanceValue> {
  if (isTrialType(auth.type)) {
    const wallet = await findMemberAccount(deps.db, auth.memberId, PLAY_MONEY_CURRENCY);
    return {
      balance: wallet?.balance ?? 0,
      currency: PLAY_MONEY_CURRENCY,
      currencySymbol: PLAY_MONEY_SYMBOL,
      playMoney: true,
    };
  }
  const { currency, currencySymbol } = await deps.merchantCurrency(auth.merchantCode);
  const wallet = await findMemberAccount(deps.db, auth.memberId, currency);
  return { balance: wallet?.balance ?? 0, currency, currencySymbol, playMoney: false };
}

const CURRENCY_CACHE_MS = 1000;

/** The merchant currency read through the system module's service, never its tables. The system
 *  service serves one merchant; another merchant code is refused. */
export function merchantCurrencyFrom(
  system: Pick<SystemService, 'whitelabel'>,
  merchantCode: string,
): WalletDeps['merchantCurrency'] {
  // Every balance read needs it: cached for a second (the same freshness as the system status), so
  // the hottest token call costs one query less; a currency change applies on every node within 1 s.
  let cached: { at: number; value: Promise<MerchantCurrency> } | undefined;
  return async (code) => {
    if (code !== merchantCode) throw new Error(`unknown merchant ${code}`);
    const now = Date.now();
    if (!cached || now - cached.at >= CURRENCY_CACHE_MS) {
      const value = system
        .whitelabel()
        .then(({ currency, currencySymbol }) => ({ currency, currencySymbol }));
      cached = { at: now, value };
      value.catch(() => (cached = undefined));
    }
    return cached.value;
  };
}
