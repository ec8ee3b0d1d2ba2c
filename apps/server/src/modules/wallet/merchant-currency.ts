import type { Db } from '../../database.ts';
import type { SystemService } from '../system/index.ts';

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
