import { encryptCustomerServicePath, REGISTER_FIELDS } from '@banca/contract';
import type { Db } from '../database.ts';
import {
  acceptedPatternOf,
  DEMO_COUNTRIES,
  DEMO_CUSTOMER_SERVICES,
  DEMO_DOMAINS,
  DEMO_HELP,
  DEMO_MERCHANT,
  DEMO_REGISTER_FIELDS,
  DEMO_RESOURCES,
} from './demo-content.ts';

const DEVICES = ['WEB', 'H5'] as const;

/**
 * Fills an empty database with the demo merchant. Idempotent and safe with several nodes starting at
 * once: everything is written in one transaction that starts by claiming the merchant row, so when
 * the merchant already exists (seeded before, or configured by an operator) nothing is touched.
 */
export async function seedDemo(db: Db, merchantCode = 'banca'): Promise<{ seeded: boolean }> {
  // Encrypt outside the transaction: with PGlite the transaction holds the only connection.
  const customerServices = await Promise.all(
    DEMO_CUSTOMER_SERVICES.map(async (cs, i) => ({
      merchant_code: merchantCode,
      cs_type: cs.type,
      label: cs.label,
      path_encrypted: await encryptCustomerServicePath(cs.path),
      sort: i,
    })),
  );

  return db.transaction().execute(async (trx) => {
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
        // Same-origin paths: the demo makes no request to a third-party CDN.
        img_urls: ['/media'],
        start_game_urls: ['/play'],
        analytics_id: null,
      })
      .onConflict((oc) => oc.column('merchant_code').doNothing())
      .returning('merchant_code')
      .executeTakeFirst();
    if (!claimed) return { seeded: false };

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
      .insertInto('resource')
      .values(
        DEMO_RESOURCES.map((r, i) => ({
          merchant_code: merchantCode,
          resource_type: r.type,
          url: r.url,
          label_name_en: r.label,
          sort: i,
        })),
      )
      .execute();

    await trx.insertInto('customer_service').values(customerServices).execute();

    await trx
      .insertInto('help_article')
      .values(
        (['PT', 'EN'] as const).flatMap((lang) =>
          DEVICES.flatMap((device) =>
            DEMO_HELP[lang].map((a, i) => ({
              merchant_code: merchantCode,
              lang,
              device,
              slug: a.slug,
              title: a.title,
              content: a.content,
              sort: i,
            })),
          ),
        ),
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

    await trx
      .insertInto('domain_route')
      .values(
        DEMO_DOMAINS.map((d) => ({
          domain: d.domain,
          merchant_code: merchantCode,
          type: d.type,
          affiliate_code: d.affiliateCode,
        })),
      )
      .onConflict((oc) => oc.column('domain').doNothing())
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

    return { seeded: true };
  });
}
