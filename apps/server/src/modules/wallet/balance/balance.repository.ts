import { sql, type Expression } from 'kysely';
import { MAIN_WALLET } from '../ledger/ledger.table.ts';

/**
 * A member's main-wallet balance in one currency as a scalar sub-select on another statement's member
 * id (the session's, for the balance read: see AuthRead in platform/http/route-auth.ts). null when the
 * wallet does not exist yet. The SQL on ledger_account stays here; the token check only embeds it.
 */
export const mainBalanceColumn = (memberId: Expression<number>, currency: string) =>
  sql<
    number | null
  >`(select a.balance from ledger_account a where a.member_id = ${memberId} and a.currency = ${currency} and a.wallet = ${MAIN_WALLET})`;
