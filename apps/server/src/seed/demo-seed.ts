import { encryptCustomerServicePath } from '@banca/contract';
import type { Db } from '../database.ts';
import { DEMO_CUSTOMER_SERVICES, DEMO_DOMAINS, DEMO_HELP, DEMO_RESOURCES } from './demo-content.ts';
import { insertMerchantDefaults } from './merchant-defaults.ts';

const DEVICES = ['WEB', 'H5'] as const;

/** The demo's tables that hold a merchant's own rows: each is filled only while the merchant has none. */
const DEMO_TABLES = ['resource', 'customer_service', 'help_article'] as const;

/**
 * The demo merchant's content: its settings (through the merchant's defaults when it does not exist
 * yet), links, support channel, help articles and domains. Idempotent and safe with several nodes
 * starting at once: one transaction that creates or locks the merchant row first.
 *
 * A merchant that exists already keeps what it has: a table the merchant has rows of (an operator's
 * own help, links or support channels) is left alone, and only the empty ones get the demo's. So
 * `SEED_DEMO=true` after a plain start (which created the merchant with its defaults alone) adds the
 * demo content, and a second start adds nothing.
 */
export async function seedDemo(
  db: Db,
  merchantCode = 'banca',
): Promise<{ merchantCreated: boolean; seeded: boolean }> {
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
    const merchantCreated = await insertMerchantDefaults(trx, merchantCode);
    // Nodes starting at once wait here for the first one's transaction, then see what it wrote.
    if (!merchantCreated) {
      await trx
        .selectFrom('merchant')
        .select('merchant_code')
        .where('merchant_code', '=', merchantCode)
        .forUpdate()
        .execute();
    }
    const empty = new Set<(typeof DEMO_TABLES)[number]>();
    for (const table of DEMO_TABLES) {
      const row = await trx
        .selectFrom(table)
        .select('merchant_code')
        .where('merchant_code', '=', merchantCode)
        .limit(1)
        .executeTakeFirst();
      if (!row) empty.add(table);
    }
    if (empty.size === 0) return { merchantCreated, seeded: false };

    if (empty.has('resource'))
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

    if (empty.has('customer_service'))
      await trx.insertInto('customer_service').values(customerServices).execute();

    if (empty.has('help_article'))
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

    return { merchantCreated, seeded: true };
  });
}
