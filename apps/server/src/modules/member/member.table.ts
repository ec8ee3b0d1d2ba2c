import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type MemberStatus = 'ACTIVE' | 'DISABLED';

/** A member, agent or trial account (spec section 3; types in the contract's MEMBER_TYPE). */
export interface MemberTable {
  id: Generated<number>;
  merchant_code: string;
  account: string;
  /** E.164. */
  mobile: string | null;
  email: string | null;
  password_hash: string | null;
  temp_password_hash: string | null;
  temp_password_expires_at: NullableTimestamp;
  type: ColumnType<number, number | undefined, number>;
  status: ColumnType<MemberStatus, MemberStatus | undefined, MemberStatus>;
  nickname: string | null;
  payee_name: string | null;
  icon_url: string | null;
  vip_level: ColumnType<number, number | undefined, number>;
  /** Other register fields by name. */
  profile: ColumnType<Record<string, string>, string | undefined, string>;
  parent_id: number | null;
  affiliate_code: string | null;
  referral_code: string | null;
  must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
  password_changed_at: NullableTimestamp;
  first_login_at: NullableTimestamp;
  register_ip: string | null;
  register_domain: string | null;
  register_url: string | null;
  register_method: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An agent's invitation code; registering with it makes the agent the new member's parent. */
export interface AffiliateTable {
  merchant_code: string;
  code: string;
  member_id: number;
  domain: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** A provider identity (Google, Facebook) linked to a member: social sign-in finds the member by it. */
export interface MemberSocialIdentityTable {
  merchant_code: string;
  provider: string;
  /** The id token's `sub`. */
  subject: string;
  member_id: number;
  email: string | null;
  created_at: Timestamp;
  last_login_at: NullableTimestamp;
}

/** The downline tree as a closure table: one row per (upline, downline) pair at any depth >= 1,
 *  written with the parent link (member.repository.ts). */
export interface MemberTreeTable {
  ancestor_id: number;
  descendant_id: number;
  depth: number;
  /** The descendant's registration time (migration 202611271510): "joined since" counts read it. */
  joined_at: ColumnType<Date | null, Date | undefined, Date>;
}

export type MemberRow = Selectable<MemberTable>;
export type NewMember = Insertable<MemberTable>;
export type MemberUpdate = Updateable<MemberTable>;
export type AffiliateRow = Selectable<AffiliateTable>;

export interface MemberTables {
  member: MemberTable;
  affiliate: AffiliateTable;
  member_social_identity: MemberSocialIdentityTable;
  member_tree: MemberTreeTable;
}
