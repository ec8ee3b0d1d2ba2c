import { defineRoute } from '../route.ts';
import { walletSettingsSchema } from './wallet-settings.ts';
import { walletOpsCalls } from './wallet-ops.calls.ts';
import {
  adjustmentBodySchema,
  adjustmentValueSchema,
  bonusBodySchema,
  bonusValueSchema,
  walletSettingsChangeSchema,
} from './wallet-ops.schemas.ts';

const tags = ['operator', 'wallet'];

export const walletOpsRoutes = {
  adjustBalance: defineRoute(walletOpsCalls.adjustBalance, {
    summary:
      "Adjust a member's cash balance against the merchant's ADJUSTMENTS account, with a reason (finance; audited)",
    tags,
    body: adjustmentBodySchema,
    response: adjustmentValueSchema,
  }),
  grantBonus: defineRoute(walletOpsCalls.grantBonus, {
    summary:
      "Grant a member bonus money from the merchant's PROMOTIONS account, adding the turnover requirement, with a reason (finance; audited; idempotency key)",
    tags,
    body: bonusBodySchema,
    response: bonusValueSchema,
  }),
  getSettings: defineRoute(walletOpsCalls.getSettings, {
    summary: "The merchant's money settings (admin)",
    tags,
    response: walletSettingsSchema,
  }),
  putSettings: defineRoute(walletOpsCalls.putSettings, {
    summary: "Change the merchant's money settings: any subset, merged into the stored ones (admin; audited)",
    tags,
    body: walletSettingsChangeSchema,
    response: walletSettingsSchema,
  }),
} as const;
