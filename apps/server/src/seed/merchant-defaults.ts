import { REGISTER_FIELDS } from '@banca/contract';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../database.ts';
import { acceptedPatternOf, DEMO_COUNTRIES, DEMO_MERCHANT, DEMO_REGISTER_FIELDS } from './demo-content.ts';

/**
 * The rows a merchant's site cannot run without: the merchant itself (its white-label flags), its
 * registration form, the countries its phone fields offer, its calendar and its maintenance and region
 * settings. Every start writes them when the configured merchant does not exist yet, so a production
 * start on an empty database serves a working site (with no games, members or operators: the operator
 * adds those) instead of answering `not_found` to every page. The values are the demo merchant's, the
 * product's defaults; operators change them in the back office (Platform settings).
 *
 * Claims the merchant row first: false (and nothing written) when it already exists, so nodes starting
 * at once write them once and a merchant an operator configured is never touched.
 */
export async function insertMerchantDefaults(
  trx: Transaction<Database>,
  merchantCode: string,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('merchant')
    .values({
      merchant_code: merchantCode,
      site_name: DEMO_MERCHANT.siteName,
      currency: DEMO_MERCHANT.currency,
      currency_symbol: DEMO_MERCHANT.currencySymbol,
      username_reg: true,
      mobile_num_reg: true,
      reg_mob_verf: true,
      mob_reg_pass: true,
      free_play: true,
      chng_pass_verif: true,
      mob_code_login: true,
      pwd_expiry: true,
      agent_policy: true,
      has_merchant_wallet: false,
      vip_enabled: true,
      vip_label_name: 'VIP',
      referral_enabled: true,
      social_facebook: false,
      social_google: false,
      contract_dividend: true,
      contract_daily_salary: true,
      contract_hourly_salary: true,
      contract_realtime_salary: true,
      // Same-origin paths: the site makes no request to a third-party CDN until an operator sets one.
      img_urls: ['/media'],
      start_game_urls: ['/play'],
      analytics_id: null,
    })
    .onConflict((oc) => oc.column('merchant_code').doNothing())
    .returning('merchant_code')
    .executeTakeFirst();
  if (!claimed) return false;

  await trx
    .insertInto('register_field_setting')
    .values(
      REGISTER_FIELDS.map((name, i) => {
        const r = DEMO_REGISTER_FIELDS[name];
        return {
          merchant_code: merchantCode,
          name,
          enabled: r.enabled,
          required: r.required,
          pattern_id: r.patternId,
          accepted_pattern: acceptedPatternOf(r.patternId),
          min_length: r.min,
          max_length: r.max,
          sort: i,
        };
      }),
    )
    .execute();

  await trx
    .insertInto('country')
    .values(
      DEMO_COUNTRIES.map((c, i) => ({
        merchant_code: merchantCode,
        country_code: c.code,
        dialing_code: c.dialing,
        name: c.name,
        sort: i,
      })),
    )
    .execute();

  // The merchant's calendar (wallet settings): a Brazilian merchant's day is Brasília's, not UTC's.
  await trx
    .insertInto('wallet_settings')
    .values({ merchant_code: merchantCode, settings: JSON.stringify({ timeZone: DEMO_MERCHANT.timeZone }) })
    .onConflict((oc) => oc.column('merchant_code').doNothing())
    .execute();

  await trx
    .insertInto('system_status_setting')
    .values({ merchant_code: merchantCode })
    .onConflict((oc) => oc.column('merchant_code').doNothing())
    .execute();
  return true;
}

/** The configured merchant with its default settings, when it does not exist yet (a start without
 *  the demo content): `created` says whether this call wrote it. */
export async function seedMerchant(db: Db, merchantCode: string): Promise<{ created: boolean }> {
  return { created: await db.transaction().execute((trx) => insertMerchantDefaults(trx, merchantCode)) };
}
