import type { MemberRow } from './member.table.ts';

/**
 * A member as other modules see it: the row without its login and temporary password hashes, which
 * never leave this module (passwords.service.ts checks them and answers a verdict), and whether a
 * login password is set (accounts from social sign-in or free play have none).
 */
export type MemberView = Omit<
  MemberRow,
  'password_hash' | 'temp_password_hash' | 'temp_password_expires_at'
> & {
  has_login_password: boolean;
};

export function memberView(row: MemberRow): MemberView {
  const {
    password_hash: passwordHash,
    temp_password_hash: _tempHash,
    temp_password_expires_at: _tempExpiry,
    ...rest
  } = row;
  return { ...rest, has_login_password: passwordHash !== null };
}
