import { encryptCustomerServicePath } from '@banca/contract';
import type { Db } from '../database.ts';
import { DEMO_CUSTOMER_SERVICES, DEMO_DOMAINS, DEMO_HELP, DEMO_RESOURCES } from './demo-content.ts';
import { insertMerchantDefaults } from './merchant-defaults.ts';

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
    if (!(await insertMerchantDefaults(trx, merchantCode))) return { seeded: false };

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

    return { seeded: true };
  });
}
