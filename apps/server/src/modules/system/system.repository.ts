import type { DbOrTrx } from '../../database.ts';

export const findMerchant = (db: DbOrTrx, merchantCode: string) =>
  db.selectFrom('merchant').selectAll().where('merchant_code', '=', merchantCode).executeTakeFirst();

export const listRegisterFieldSettings = (db: DbOrTrx, merchantCode: string) =>
  db
    .selectFrom('register_field_setting')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .orderBy('sort')
    .orderBy('name')
    .execute();

export const listDomainRoutes = (db: DbOrTrx, merchantCode: string) =>
  db
    .selectFrom('domain_route')
    .select(['domain', 'type', 'affiliate_code'])
    .where('merchant_code', '=', merchantCode)
    .orderBy('domain')
    .execute();

export const listResources = (db: DbOrTrx, merchantCode: string) =>
  db
    .selectFrom('resource')
    .select(['resource_type', 'url', 'label_name_en'])
    .where('merchant_code', '=', merchantCode)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const listCustomerServices = (db: DbOrTrx, merchantCode: string) =>
  db
    .selectFrom('customer_service')
    .select(['cs_type', 'label', 'path_encrypted'])
    .where('merchant_code', '=', merchantCode)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const listHelpArticles = (db: DbOrTrx, merchantCode: string, lang: string, device: string) =>
  db
    .selectFrom('help_article')
    .select(['id', 'slug', 'title', 'content', 'sort'])
    .where('merchant_code', '=', merchantCode)
    .where('lang', '=', lang)
    .where('device', 'in', [device, 'ALL'])
    .where('published', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const listCountries = (db: DbOrTrx, merchantCode: string) =>
  db
    .selectFrom('country')
    .select(['country_code', 'dialing_code', 'name'])
    .where('merchant_code', '=', merchantCode)
    .orderBy('sort')
    .orderBy('name')
    .execute();

export const findStatusSetting = (db: DbOrTrx, merchantCode: string) =>
  db
    .selectFrom('system_status_setting')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirst();

export const upsertMaintenance = (
  db: DbOrTrx,
  merchantCode: string,
  enabled: boolean,
  endTime: string | null,
) =>
  db
    .insertInto('system_status_setting')
    .values({ merchant_code: merchantCode, maintenance_enabled: enabled, maintenance_end_time: endTime })
    .onConflict((oc) =>
      oc
        .column('merchant_code')
        .doUpdateSet({ maintenance_enabled: enabled, maintenance_end_time: endTime, updated_at: new Date() }),
    )
    .execute();

export const upsertRegion = (
  db: DbOrTrx,
  merchantCode: string,
  region: { blockedCountries: string[]; blockedIpRanges: string[]; allowedIpRanges: string[] },
) => {
  const values = {
    blocked_countries: region.blockedCountries,
    blocked_ip_ranges: region.blockedIpRanges,
    allowed_ip_ranges: region.allowedIpRanges,
  };
  return db
    .insertInto('system_status_setting')
    .values({ merchant_code: merchantCode, ...values })
    .onConflict((oc) => oc.column('merchant_code').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
};

// --- back-office platform settings (platform-settings.ops.ts) ----------------------------------------

export const findMerchantForUpdate = (db: DbOrTrx, merchantCode: string) =>
  db
    .selectFrom('merchant')
    .selectAll()
    .where('merchant_code', '=', merchantCode)
    .forUpdate()
    .executeTakeFirst();

export async function updateMerchantSettings(
  db: DbOrTrx,
  merchantCode: string,
  set: Partial<Record<MerchantFlagColumn, boolean>> & { site_name?: string },
): Promise<void> {
  await db
    .updateTable('merchant')
    .set({ ...set, updated_at: new Date() })
    .where('merchant_code', '=', merchantCode)
    .execute();
}

export async function updateRegisterField(
  db: DbOrTrx,
  merchantCode: string,
  name: string,
  set: { enabled: boolean; required: boolean; min_length: number; max_length: number },
): Promise<number> {
  const result = await db
    .updateTable('register_field_setting')
    .set(set)
    .where('merchant_code', '=', merchantCode)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type MerchantFlagColumn =
  | 'username_reg'
  | 'mobile_num_reg'
  | 'reg_mob_verf'
  | 'mob_reg_pass'
  | 'free_play'
  | 'chng_pass_verif'
  | 'mob_code_login'
  | 'pwd_expiry'
  | 'agent_policy'
  | 'vip_enabled'
  | 'referral_enabled';
