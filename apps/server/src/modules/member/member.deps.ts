import type { LoginValue } from '@banca/contract';
import type { Db, DbOrTrx } from '../../database.ts';
import type { RequestContext } from '../../platform/http/request-context.ts';
import type { EmailProvider, SmsProvider } from '../../platform/providers/providers.ts';
import type { AuthLimits } from '../../platform/rate-limit/auth-limits.ts';
import type { MerchantSettingsSource } from '../system/index.ts';
import type { MemberView } from './member-view.ts';

/** The auth_audit events member flows record (the table belongs to the session module). */
export type MemberAuditEvent =
  'register' | 'password_changed' | 'password_change_failed' | 'password_reset_requested' | 'password_reset';

/**
 * What member flows need of the session module, which owns sessions, known IPs and the auth audit.
 * The session module imports this module (it reads members through member's service), so member
 * cannot import session back without an import circle: the app passes session's service in here
 * (`sessionsForMembers` from modules/session), and the types below are all member needs of it.
 */
export interface MemberSessions {
  /** Starts a session in the caller's transaction: the one log-in tail (session, known IP,
   *  first-login mark, audit). */
  readonly logIn: (
    trx: DbOrTrx,
    ctx: RequestContext,
    args: {
      member: Pick<
        MemberView,
        'id' | 'account' | 'must_change_password' | 'password_changed_at' | 'created_at'
      >;
      loginType: 'register' | 'phone_reset';
      now: Date;
    },
  ) => Promise<LoginValue>;
  /** Ends the member's live sessions, except `keepTokenHash`; returns how many. */
  readonly revokeMemberSessions: (
    db: DbOrTrx,
    memberId: number,
    now: Date,
    reason: 'password_changed' | 'password_reset',
    keepTokenHash?: string,
  ) => Promise<number>;
  readonly recordAudit: (
    db: DbOrTrx,
    ctx: RequestContext,
    event: MemberAuditEvent,
    extra?: { memberId?: number | null; account?: string | null; detail?: string | null },
  ) => Promise<void>;
}

/**
 * What registration needs of the wallet module, which owns the payment password (register field
 * paymentPassword). The wallet imports this module, so the app passes the wallet's implementation in
 * (`paymentPasswordsForMembers` from modules/wallet).
 */
export interface MemberPaymentPasswords {
  /** The hash to store, made before the registration's transaction opens (hashing is slow). */
  readonly hash: (plain: string) => Promise<string>;
  /** Stores the new member's payment password hash in the registration's transaction. */
  readonly store: (trx: DbOrTrx, memberId: number, hash: string) => Promise<void>;
}

/** Everything the member services need, passed in so tests can use a real database and fakes. */
export interface MemberDeps {
  db: Db;
  limits: AuthLimits;
  sms: SmsProvider;
  email: EmailProvider;
  settings: MerchantSettingsSource;
  clock: () => Date;
  sessions: MemberSessions;
  paymentPasswords: MemberPaymentPasswords;
}
