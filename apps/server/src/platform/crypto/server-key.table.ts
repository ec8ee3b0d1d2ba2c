import type { ColumnType } from 'kysely';

/** The RSA key pair for enc bodies, shared by every gateway node through the database. */
export interface ServerKeyTable {
  kid: string;
  /** JWK (public part) as jsonb. */
  public_jwk: ColumnType<Record<string, unknown>, string, string>;
  /** PKCS#8 PEM of the private key. */
  private_pem: string;
  active: boolean;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface CryptoTables {
  server_key: ServerKeyTable;
}
