import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are timestamptz: read as Date, written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One row per merchant: site identity, white-label flags (spec section 3) and CDN lists. */
export interface MerchantTable {
  merchant_code: string;
  site_name: string;
  currency: string;
  currency_symbol: string;
  username_reg: boolean;
  mobile_num_reg: boolean;
  reg_mob_verf: boolean;
  mob_reg_pass: boolean;
  free_play: boolean;
  chng_pass_verif: boolean;
  mob_code_login: boolean;
  pwd_expiry: boolean;
  agent_policy: boolean;
  has_merchant_wallet: boolean;
  vip_enabled: boolean;
  vip_label_name: string;
  referral_enabled: boolean;
  social_facebook: boolean;
  social_google: boolean;
  contract_dividend: boolean;
  contract_daily_salary: boolean;
  contract_hourly_salary: boolean;
  contract_realtime_salary: boolean;
  img_urls: string[];
  start_game_urls: string[];
  analytics_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RegisterFieldSettingTable {
  merchant_code: string;
  name: string;
  enabled: boolean;
  required: boolean;
  pattern_id: number;
  accepted_pattern: string;
  min_length: number;
  max_length: number;
  sort: number;
}

export interface ResourceTable {
  id: Generated<number>;
  merchant_code: string;
  resource_type: string;
  url: string;
  label_name_en: string;
  sort: number;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  merchant_code: string;
  cs_type: string;
  label: string;
  /** encryptCustomerServicePath output: never the raw link. */
  path_encrypted: string;
  sort: number;
  /** Listed on the member site (migration 202611271700); an operator may switch an entry off. */
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface HelpArticleTable {
  id: Generated<number>;
  merchant_code: string;
  lang: string;
  device: string;
  slug: string;
  title: string;
  content: string;
  sort: number;
  /** Shown on the member site (migration 202611271520); back-office drafts are false. */
  published: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

export interface CountryTable {
  merchant_code: string;
  country_code: string;
  dialing_code: string;
  name: string;
  sort: number;
}

export interface DomainRouteTable {
  domain: string;
  merchant_code: string;
  type: string;
  affiliate_code: string | null;
}

/** Maintenance and region blocking, changed by operators at run time. */
export interface SystemStatusSettingTable {
  merchant_code: string;
  maintenance_enabled: Generated<boolean>;
  maintenance_end_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  blocked_countries: Generated<string[]>;
  blocked_ip_ranges: Generated<string[]>;
  allowed_ip_ranges: Generated<string[]>;
  updated_at: Timestamp;
}

export type MerchantRow = Selectable<MerchantTable>;
export type NewMerchant = Insertable<MerchantTable>;
export type SystemStatusSettingRow = Selectable<SystemStatusSettingTable>;

export interface SystemTables {
  merchant: MerchantTable;
  register_field_setting: RegisterFieldSettingTable;
  resource: ResourceTable;
  customer_service: CustomerServiceTable;
  help_article: HelpArticleTable;
  country: CountryTable;
  domain_route: DomainRouteTable;
  system_status_setting: SystemStatusSettingTable;
}
