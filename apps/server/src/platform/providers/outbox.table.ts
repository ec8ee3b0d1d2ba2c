import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export type OutboxChannel = 'sms' | 'email';

/** Every message the sandbox providers "send": read by developers and e2e tests instead of a phone. */
export interface OutboxTable {
  id: Generated<number>;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;

export interface OutboxTables {
  outbox: OutboxTable;
}
