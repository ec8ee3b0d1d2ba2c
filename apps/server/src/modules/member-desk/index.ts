import type { Db } from '../../database.ts';
import type { OpsAccess } from '../../ops-access.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import type { EmailProvider, SmsProvider } from '../../platform/providers/providers.ts';
import type { MerchantSettingsSource } from '../system/index.ts';
import { registerMemberDeskRoutes } from './member-desk.routes.ts';

/**
 * The member desk: the back office's member search, profile and actions (lock, unlock, force
 * logout, reset password), composed from the faces of the member, session, wallet and games modules.
 * Owns no table; every action is audited through the OpsAccess port.
 */
export interface MemberDeskModuleDeps {
  db: Db;
  merchantCode: string;
  ops: OpsAccess | undefined;
  auth: { sms: SmsProvider; email: EmailProvider; settings: MerchantSettingsSource; clock: () => Date };
}

export const memberDeskModule: ServerModule<MemberDeskModuleDeps> = {
  name: 'member-desk',
  register: (app, deps) => {
    if (!deps.ops) return;
    registerMemberDeskRoutes(app, {
      db: deps.db,
      merchantCode: deps.merchantCode,
      ops: deps.ops,
      access: deps.ops,
      sms: deps.auth.sms,
      email: deps.auth.email,
      settings: deps.auth.settings,
      clock: deps.auth.clock,
    });
  },
};
