import type { ColumnType, Selectable } from 'kysely';

/**
 * SANDBOX ONLY: the charges the sandbox PIX provider has issued, i.e. what a real PSP keeps on its
 * side. The pay page reads and pays them; getCharge answers reconciliation from here.
 */
export interface SandboxPixChargeTable {
  provider_ref: string;
  charge_id: string;
  amount: number;
  currency: string;
  member_id: number;
  payload: string;
  status: 'pending' | 'paid';
  expires_at: ColumnType<Date, Date | string, Date | string>;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type SandboxPixChargeRow = Selectable<SandboxPixChargeTable>;

export interface SandboxPixTables {
  sandbox_pix_charge: SandboxPixChargeTable;
}
