import type { RegisterFieldSetting, Whitelabel } from '@banca/contract';
import type { SystemService } from './system.service.ts';

/** The white-label flags accounts and sessions obey (owned by the system module). */
export type AuthFlags = Pick<
  Whitelabel,
  | 'siteName'
  | 'USERNAMEREG3'
  | 'MOBILENUMREG3'
  | 'REGMOBVERF3'
  | 'MOBREGPASS3'
  | 'FREEPLAY3'
  | 'CHNGPASSVERIF3'
  | 'MOBCODELOGIN3'
  | 'PWDEXPIRY3'
  | 'vip'
  | 'socialLogin'
>;

/** What the account modules read of the merchant's settings, through the system service. */
export interface MerchantSettingsSource {
  flags(merchantCode: string): Promise<AuthFlags>;
  registerSettings(merchantCode: string): Promise<RegisterFieldSetting[]>;
}

/** Same freshness as the system status: an operator's change applies on every node within a second. */
export const SETTINGS_CACHE_MS = 1000;

/**
 * The white-label flags and register settings the account services obey, read through the system
 * module's service (never its tables) and cached briefly: every login and registration needs them,
 * and they change rarely. The system service serves one merchant; another merchant code is refused.
 */
export function merchantSettingsFrom(
  system: SystemService,
  merchantCode: string,
  now: () => number = Date.now,
): MerchantSettingsSource {
  let flags: { at: number; value: Promise<AuthFlags> } | undefined;
  let fields: { at: number; value: Promise<RegisterFieldSetting[]> } | undefined;
  const check = (code: string) => {
    if (code !== merchantCode) throw new Error(`unknown merchant ${code}`);
  };
  const fresh = (entry: { at: number } | undefined) => entry && now() - entry.at < SETTINGS_CACHE_MS;
  return {
    flags(code) {
      check(code);
      if (!fresh(flags)) {
        const value = system.whitelabel().then((w): AuthFlags => ({
          siteName: w.siteName,
          USERNAMEREG3: w.USERNAMEREG3,
          MOBILENUMREG3: w.MOBILENUMREG3,
          REGMOBVERF3: w.REGMOBVERF3,
          MOBREGPASS3: w.MOBREGPASS3,
          FREEPLAY3: w.FREEPLAY3,
          CHNGPASSVERIF3: w.CHNGPASSVERIF3,
          MOBCODELOGIN3: w.MOBCODELOGIN3,
          PWDEXPIRY3: w.PWDEXPIRY3,
          vip: w.vip,
          socialLogin: w.socialLogin,
        }));
        // A failed read (e.g. no merchant row yet) is not cached.
        value.catch(() => {
          if (flags?.value === value) flags = undefined;
        });
        flags = { at: now(), value };
      }
      return flags!.value;
    },
    registerSettings(code) {
      check(code);
      if (!fresh(fields)) {
        const value = system.registerSettings();
        value.catch(() => {
          if (fields?.value === value) fields = undefined;
        });
        fields = { at: now(), value };
      }
      return fields!.value;
    },
  };
}
