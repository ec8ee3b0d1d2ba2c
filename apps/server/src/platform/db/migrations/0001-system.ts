import { sql, type Kysely } from 'kysely';

/**
 * System module tables and the server key. Migrations use Kysely<unknown>: they describe the schema as it
 * was at this version, not as the current table interfaces say.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchant')
    .addColumn('merchant_code', 'text', (c) => c.primaryKey())
    .addColumn('site_name', 'text', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('currency_symbol', 'text', (c) => c.notNull())
    .addColumn('username_reg', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('mobile_num_reg', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('reg_mob_verf', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mob_reg_pass', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('free_play', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('chng_pass_verif', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mob_code_login', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pwd_expiry', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('agent_policy', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_merchant_wallet', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vip_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vip_label_name', 'text', (c) => c.notNull().defaultTo('VIP'))
    .addColumn('referral_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('social_facebook', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('social_google', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('contract_dividend', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('contract_daily_salary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('contract_hourly_salary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('contract_realtime_salary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('img_urls', sql`text[]`, (c) => c.notNull().check(sql`cardinality(img_urls) >= 1`))
    .addColumn('start_game_urls', sql`text[]`, (c) =>
      c.notNull().check(sql`cardinality(start_game_urls) >= 1`),
    )
    .addColumn('analytics_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('register_field_setting')
    .addColumn('merchant_code', 'text', (c) =>
      c.notNull().references('merchant.merchant_code').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('required', 'boolean', (c) => c.notNull())
    .addColumn('pattern_id', 'integer', (c) => c.notNull().check(sql`pattern_id >= 0`))
    .addColumn('accepted_pattern', 'text', (c) => c.notNull())
    .addColumn('min_length', 'integer', (c) => c.notNull().check(sql`min_length >= 0`))
    .addColumn('max_length', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('register_field_setting_pk', ['merchant_code', 'name'])
    .addCheckConstraint('register_field_setting_length', sql`max_length >= min_length`)
    .execute();

  await db.schema
    .createTable('resource')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) =>
      c.notNull().references('merchant.merchant_code').onDelete('cascade'),
    )
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('label_name_en', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('resource_merchant_type', ['merchant_code', 'resource_type'])
    .execute();

  await db.schema
    .createTable('customer_service')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) =>
      c.notNull().references('merchant.merchant_code').onDelete('cascade'),
    )
    .addColumn('cs_type', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('path_encrypted', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('customer_service_merchant_label', ['merchant_code', 'cs_type', 'label'])
    .execute();

  await db.schema
    .createTable('help_article')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) =>
      c.notNull().references('merchant.merchant_code').onDelete('cascade'),
    )
    .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang in ('PT', 'EN')`))
    .addColumn('device', 'text', (c) => c.notNull().check(sql`device in ('WEB', 'H5')`))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('help_article_merchant_lang_device_slug', [
      'merchant_code',
      'lang',
      'device',
      'slug',
    ])
    .execute();

  await db.schema
    .createTable('country')
    .addColumn('merchant_code', 'text', (c) =>
      c.notNull().references('merchant.merchant_code').onDelete('cascade'),
    )
    .addColumn('country_code', 'char(2)', (c) => c.notNull())
    .addColumn('dialing_code', 'text', (c) => c.notNull().check(sql`dialing_code ~ '^\\+[0-9]{1,4}$'`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('country_pk', ['merchant_code', 'country_code'])
    .execute();

  await db.schema
    .createTable('domain_route')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) =>
      c.notNull().references('merchant.merchant_code').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('MEMBER', 'AGENT', 'APP')`))
    .addColumn('affiliate_code', 'text')
    .execute();

  // Not tied to the merchant row by a foreign key: status must work (normal, no blocks) on a database
  // that has no demo content yet.
  await db.schema
    .createTable('system_status_setting')
    .addColumn('merchant_code', 'text', (c) => c.primaryKey())
    .addColumn('maintenance_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('maintenance_end_time', 'timestamptz')
    .addColumn('blocked_countries', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('blocked_ip_ranges', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('allowed_ip_ranges', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('server_key')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('private_pem', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one active key: concurrent first starts of several nodes agree on one.
  await sql`create unique index server_key_one_active on server_key (active) where active`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'server_key',
    'system_status_setting',
    'domain_route',
    'country',
    'help_article',
    'customer_service',
    'resource',
    'register_field_setting',
    'merchant',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
