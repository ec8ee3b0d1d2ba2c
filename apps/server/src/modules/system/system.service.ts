import {
  CS_TYPES,
  REGISTER_FIELDS,
  RESOURCE_TYPES,
  SYSTEM_STATUS,
  type Cdn,
  type Country,
  type CustomerService,
  type ErrorCode,
  type HelpArticle,
  type MaintenanceSetting,
  type RegionSetting,
  type RegisterFieldSetting,
  type Resource,
  type StatusSettings,
  type SystemStatusValue,
  type SocialProvider,
  type Startup,
  type Whitelabel,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../database.ts';
import type { ServerKey } from '../../platform/crypto/server-keys.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sanitizeRichText } from '../../platform/html/rich-text.ts';
import { isValidCidr, type Visitor } from '../../platform/http/visitor.ts';
import * as repo from './system.repository.ts';
import type { MerchantRow } from './system.table.ts';
import { computeSystemStatus } from './system-status.ts';

/** Status settings are read on every guarded request: cached briefly, so an operator change made on any
 *  node applies everywhere within this time, without a restart. */
export const STATUS_CACHE_MS = 1000;

const DEFAULT_STATUS_SETTINGS: StatusSettings = {
  maintenance: { enabled: false, endTime: null },
  region: { blockedCountries: [], blockedIpRanges: [], allowedIpRanges: [] },
};

/** What computeSystemStatus decides for a guarded call; the visitor is read only if a block may apply. */
function refusalOf(settings: StatusSettings, visitor: () => Visitor): ErrorCode | null {
  if (settings.maintenance.enabled) return 'system_maintenance';
  const { blockedCountries, blockedIpRanges } = settings.region;
  if (blockedCountries.length === 0 && blockedIpRanges.length === 0) return null;
  const { systemStatus } = computeSystemStatus(settings, visitor());
  if (systemStatus === SYSTEM_STATUS.MAINTENANCE) return 'system_maintenance';
  if (systemStatus === SYSTEM_STATUS.REGION_BLOCKED) return 'region_blocked';
  return null;
}

const DOMAIN_TYPES = ['MEMBER', 'AGENT', 'APP'] as const;

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

export class SystemService {
  #cache: { at: number; settings: StatusSettings } | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      merchantCode: string;
      serverKey: ServerKey;
      now?: () => number;
      /** Social sign-in providers configured on this server (OIDC_* variables). Default: none. */
      socialConfigured?: Partial<Record<SocialProvider, boolean>>;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }
  private get merchant() {
    return this.deps.merchantCode;
  }
  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** `db`: read inside the caller's transaction (not cached: it may yet roll back). */
  async statusSettings(options: { fresh?: boolean; db?: DbOrTrx } = {}): Promise<StatusSettings> {
    const cached = this.#cache;
    if (!options.fresh && !options.db && cached && this.now() - cached.at < STATUS_CACHE_MS) {
      return cached.settings;
    }
    const row = await repo.findStatusSetting(options.db ?? this.db, this.merchant);
    const settings: StatusSettings = row
      ? {
          maintenance: {
            enabled: row.maintenance_enabled,
            endTime: row.maintenance_end_time?.toISOString() ?? null,
          },
          region: {
            blockedCountries: row.blocked_countries,
            blockedIpRanges: row.blocked_ip_ranges,
            allowedIpRanges: row.allowed_ip_ranges,
          },
        }
      : DEFAULT_STATUS_SETTINGS;
    if (options.db) this.#cache = undefined;
    else this.#cache = { at: this.now(), settings };
    return settings;
  }

  async status(visitor: Visitor): Promise<SystemStatusValue> {
    return computeSystemStatus(await this.statusSettings(), visitor);
  }

  /**
   * The refusal for a member-facing call, or null when the visitor may proceed. `visitor` is asked
   * for only when a region rule could apply (its IP and country cost a parse per request).
   */
  async guard(visitor: () => Visitor): Promise<ErrorCode | null> {
    return refusalOf(await this.statusSettings(), visitor);
  }

  /** guard's answer from the cached settings without waiting, or undefined when they must be read
   *  again first (then call guard). The system guard runs on every request: most take this path. */
  guardCached(visitor: () => Visitor): ErrorCode | null | undefined {
    const cached = this.#cache;
    if (!cached || this.now() - cached.at >= STATUS_CACHE_MS) return undefined;
    return refusalOf(cached.settings, visitor);
  }

  /** `db`: the caller's transaction, e.g. the operator's, which writes the audit row beside it. */
  async setMaintenance(setting: MaintenanceSetting, db: DbOrTrx = this.db): Promise<StatusSettings> {
    await repo.upsertMaintenance(db, this.merchant, setting.enabled, setting.endTime);
    return this.statusSettings({ fresh: true, db: db === this.db ? undefined : db });
  }

  async setRegion(setting: RegionSetting, db: DbOrTrx = this.db): Promise<StatusSettings> {
    // The contract checks the shape; only a parser knows that 300.1.2.3/24 or 10.0.0.0/40 is no range.
    const fields: Record<string, string> = {};
    for (const key of ['blockedIpRanges', 'allowedIpRanges'] as const) {
      setting[key].forEach((range, i) => {
        if (!isValidCidr(range)) fields[`${key}.${i}`] = 'invalid_cidr';
      });
    }
    if (Object.keys(fields).length > 0) throw new AppError('invalid_input', { fields });
    await repo.upsertRegion(db, this.merchant, setting);
    return this.statusSettings({ fresh: true, db: db === this.db ? undefined : db });
  }

  private async merchantRow() {
    const row = await repo.findMerchant(this.db, this.merchant);
    if (!row) throw new AppError('not_found');
    return row;
  }

  async whitelabel(): Promise<Whitelabel> {
    return this.whitelabelOf(await this.merchantRow());
  }

  private whitelabelOf(m: MerchantRow): Whitelabel {
    return {
      merchantCode: m.merchant_code,
      siteName: m.site_name,
      currency: m.currency,
      currencySymbol: m.currency_symbol,
      MOBILENUMREG3: m.mobile_num_reg,
      REGMOBVERF3: m.reg_mob_verf,
      MOBREGPASS3: m.mob_reg_pass,
      FREEPLAY3: m.free_play,
      CHNGPASSVERIF3: m.chng_pass_verif,
      USERNAMEREG3: m.username_reg,
      MOBCODELOGIN3: m.mob_code_login,
      PWDEXPIRY3: m.pwd_expiry,
      AGENTPOLICY3: m.agent_policy,
      hasMerchantWallet: m.has_merchant_wallet,
      vip: { enabled: m.vip_enabled, labelName: m.vip_label_name },
      referral: { enabled: m.referral_enabled },
      socialLogin: {
        facebook: this.socialEnabled('facebook', m.social_facebook),
        google: this.socialEnabled('google', m.social_google),
      },
      contracts: {
        dividend: m.contract_dividend,
        dailySalary: m.contract_daily_salary,
        hourlySalary: m.contract_hourly_salary,
        realtimeSalary: m.contract_realtime_salary,
      },
    };
  }

  /**
   * The one rule for social sign-in: a provider is on only when the merchant's flag is on and the
   * server holds its OpenID client configuration. The site shows the buttons from these flags, and
   * the session module refuses a sign-in through the same flags.
   */
  private socialEnabled(provider: SocialProvider, flagged: boolean): boolean {
    return flagged && this.deps.socialConfigured?.[provider] === true;
  }

  async cdn(): Promise<Cdn> {
    return this.cdnOf(await this.merchantRow());
  }

  private cdnOf(m: MerchantRow): Cdn {
    return { imgUrls: m.img_urls, startGameUrls: m.start_game_urls, analyticsId: m.analytics_id };
  }

  /**
   * What the first paint needs, in one answer (GET /wps/system/startup, and inlined into index.html
   * per request): the visitor's status (its settings cached STATUS_CACHE_MS like every guard check)
   * and the merchant's white-label, CDN, resources and customer service, read fresh so an operator's
   * change shows on the next page load.
   */
  async startup(visitor: Visitor): Promise<Startup> {
    const [status, merchant, resources, customerServices] = await Promise.all([
      this.status(visitor),
      this.merchantRow(),
      this.resources(),
      this.customerServices(),
    ]);
    return {
      status,
      whitelabel: this.whitelabelOf(merchant),
      cdn: this.cdnOf(merchant),
      resources,
      customerServices,
    };
  }

  async registerSettings(): Promise<RegisterFieldSetting[]> {
    const rows = await repo.listRegisterFieldSettings(this.db, this.merchant);
    return rows.flatMap((r) =>
      includes(REGISTER_FIELDS, r.name)
        ? [
            {
              name: r.name,
              enabled: r.enabled,
              required: r.required,
              patternId: r.pattern_id,
              acceptedPattern: r.accepted_pattern,
              minLength: r.min_length,
              maxLength: r.max_length,
            },
          ]
        : [],
    );
  }

  async domainRoutes() {
    const rows = await repo.listDomainRoutes(this.db, this.merchant);
    return rows.flatMap((r) =>
      includes(DOMAIN_TYPES, r.type)
        ? [{ domain: r.domain, type: r.type, affiliateCode: r.affiliate_code }]
        : [],
    );
  }

  async resources(): Promise<Resource[]> {
    const rows = await repo.listResources(this.db, this.merchant);
    return rows.flatMap((r) =>
      includes(RESOURCE_TYPES, r.resource_type)
        ? [{ resourceType: r.resource_type, url: r.url, labelNameEn: r.label_name_en }]
        : [],
    );
  }

  async customerServices(): Promise<CustomerService[]> {
    const rows = await repo.listCustomerServices(this.db, this.merchant);
    return rows.flatMap((r) =>
      includes(CS_TYPES, r.cs_type) ? [{ csType: r.cs_type, label: r.label, path: r.path_encrypted }] : [],
    );
  }

  async helpCenter(lang: 'PT' | 'EN', device: 'WEB' | 'H5'): Promise<HelpArticle[]> {
    // Sanitised again on render: whatever way a row was written, it is served safe.
    const rows = await repo.listHelpArticles(this.db, this.merchant, lang, device);
    return rows.map((r) => ({ ...r, content: sanitizeRichText(r.content) }));
  }

  async countries(): Promise<Country[]> {
    const rows = await repo.listCountries(this.db, this.merchant);
    return rows.map((r) => ({
      countryCode: r.country_code,
      countryDialingCode: r.dialing_code,
      name: r.name,
    }));
  }

  publicKey(): ServerKey['publicJwk'] {
    return this.deps.serverKey.publicJwk;
  }
}
