import type { ColumnType, Generated } from 'kysely';
import type { FeedbackType, MessageAudience, MessageKind } from '@banca/contract';

/** A platform message; see migration 202611290400. */
export interface MemberMessageTable {
  id: Generated<number>;
  audience: MessageAudience;
  /** The recipient of a message to one member; null for a broadcast. */
  member_id: number | null;
  /** The merchant whose members a broadcast reaches; null for a message to one member. */
  merchant_code: string | null;
  kind: MessageKind;
  /** Operator messages: both languages (content sanitised HTML). Null for the gateway's own kinds. */
  title_pt: string | null;
  title_en: string | null;
  content_pt: string | null;
  content_en: string | null;
  /** The gateway's money kinds: minor units of `currency`. */
  amount: number | null;
  currency: string | null;
  /** What a gateway-written message was made from (`deposit:12`): a second delivery adds nothing. */
  source: string | null;
  /** The operator's username. */
  sent_by: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  withdrawn_at: ColumnType<Date | null, never, Date | string | null>;
}

/** A member's read and deleted marks (a row only once the member read or deleted the message). */
export interface MemberMessageStateTable {
  member_id: number;
  message_id: number;
  read_at: Date | null;
  deleted_at: Date | null;
}

/** When a member registered: broadcasts sent before it are not theirs. */
export interface MemberInboxTable {
  member_id: number;
  since: ColumnType<Date, Date | string, Date | string>;
}

/** A member's feedback and its answer; see migration 202611290410. */
export interface MemberFeedbackTable {
  id: Generated<number>;
  member_id: number;
  question_type: FeedbackType;
  content: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  reply: string | null;
  answered_by: string | null;
  answered_at: ColumnType<Date | null, never, Date | string | null>;
  reply_message_id: ColumnType<number | null, never, number | null>;
}

export interface MessagesTables {
  member_feedback: MemberFeedbackTable;
  member_message: MemberMessageTable;
  member_message_state: MemberMessageStateTable;
  member_inbox: MemberInboxTable;
}
