import { TRIAL_TYPE } from '@banca/contract';
import type { DbOrTrx } from '../../database.ts';
import { hashPassword } from '../../platform/crypto/password.ts';
import type { EmailProvider, SmsProvider } from '../../platform/providers/providers.ts';
import type { MerchantSettingsSource } from '../system/index.ts';
import { memberView, type MemberView } from './member-view.ts';
import {
  countChildren,
  findMemberById,
  readMemberMayPlay,
  searchMemberRows,
  updateMember,
  type MemberSearchFilter,
} from './member.repository.ts';
import type { MemberStatus } from './member.table.ts';
import { TEMP_PASSWORD_TTL_MS } from './passwords.service.ts';
import { generateTempPassword } from './temp-password.ts';

/*
 * The member module's face for the back office's member desk (modules/member-desk): search, the
 * member's own part of the profile (upline, direct downline), the status a lock changes and the
 * temporary password an operator's reset sends. Hashes never leave this module.
 */

export type { MemberStatus };

/** Members of the merchant matching the filter (never trial accounts), newest first. */
export async function searchMembers(
  db: DbOrTrx,
  filter: Omit<MemberSearchFilter, 'excludeTypes'>,
): Promise<MemberView[]> {
  const rows = await searchMemberRows(db, { ...filter, excludeTypes: [TRIAL_TYPE] });
  return rows.map(memberView);
}

/** The member, its parent (upline) and how many members it is the parent of. */
export async function memberWithFamily(
  db: DbOrTrx,
  memberId: number,
): Promise<
  { member: MemberView; upline: { id: number; account: string } | null; directDownline: number } | undefined
> {
  const row = await findMemberById(db, memberId);
  if (!row) return undefined;
  const [parent, directDownline] = await Promise.all([
    row.parent_id === null ? undefined : findMemberById(db, row.parent_id),
    countChildren(db, row.id),
  ]);
  return {
    member: memberView(row),
    upline: parent ? { id: parent.id, account: parent.account } : null,
    directDownline,
  };
}

/**
 * Sets the member's status in the caller's transaction. DISABLED takes effect at once on every node:
 * the session module's token check reads the status on every call (memberAccessColumns).
 */
export const setMemberStatus = (db: DbOrTrx, memberId: number, status: MemberStatus): Promise<unknown> =>
  updateMember(db, memberId, { status });

/** Whether the member may play for money: exists and is not locked (fresh read, every node agrees). */
export const memberMayPlay = (db: DbOrTrx, memberId: number): Promise<boolean> =>
  readMemberMayPlay(db, memberId);

const maskMobile = (m: string) => `${m.slice(0, 3)}•••${m.slice(-4)}`;
const maskEmail = (e: string) => {
  const [user = '', domain = ''] = e.split('@');
  return `${user.slice(0, 2)}•••@${domain}`;
};

/**
 * An operator's password reset: a one-time temporary password (TEMP_PASSWORD_TTL_MS) stored as a
 * hash and sent by the member's own channel (SMS to the mobile, else e-mail); logging in with it
 * forces a new password (spendTempPassword). The current password keeps working, as with the
 * member's own "forgot by e-mail". Stored in the caller's transaction; the message is sent by
 * `send` after the caller commits. Undefined when the member has no channel.
 */
export async function issueTemporaryPassword(
  db: DbOrTrx,
  deps: { sms: SmsProvider; email: EmailProvider; settings: MerchantSettingsSource },
  args: { member: MemberView; merchantCode: string; language: 'PT' | 'EN'; now: Date },
): Promise<
  { channel: 'sms' | 'email'; sentTo: string; expiresAt: Date; send: () => Promise<void> } | undefined
> {
  const { member } = args;
  const channel = member.mobile ? 'sms' : member.email ? 'email' : undefined;
  if (!channel) return undefined;
  const temp = generateTempPassword();
  const expiresAt = new Date(args.now.getTime() + TEMP_PASSWORD_TTL_MS);
  await updateMember(db, member.id, {
    temp_password_hash: await hashPassword(temp),
    temp_password_expires_at: expiresAt,
  });
  const en = args.language === 'EN';
  const send = async () => {
    const flags = await deps.settings.flags(args.merchantCode);
    const text = en
      ? `${flags.siteName}: your temporary password is ${temp}. It works once, within 24 hours; you will choose a new password when you log in.`
      : `${flags.siteName}: sua senha temporária é ${temp}. Ela funciona uma vez, nas próximas 24 horas; você vai definir uma nova senha ao entrar.`;
    if (channel === 'sms') await deps.sms.send({ to: member.mobile!, body: text });
    else
      await deps.email.send({
        to: member.email!,
        subject: en ? `${flags.siteName}: temporary password` : `${flags.siteName}: senha temporária`,
        body: text,
      });
  };
  return {
    channel,
    sentTo: channel === 'sms' ? maskMobile(member.mobile!) : maskEmail(member.email!),
    expiresAt,
    send,
  };
}
