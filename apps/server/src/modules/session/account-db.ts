import type { Db, DbOrTrx } from '../../platform/db/database.ts';
import type { OutboxTables } from '../../platform/providers/outbox.table.ts';
import type { MemberTables } from '../member/member.table.ts';
import type { SessionTables } from './session.table.ts';

/** The tables of migration 0100 (accounts and sessions); part of the gateway's Database. */
export interface AccountTables extends MemberTables, SessionTables, OutboxTables {}

/** The account services run on the gateway's database (migration 0100 is registered there). */
export type AccountDb = Db;
export type AccountDbOrTrx = DbOrTrx;
