import { defineRoute } from '../route.ts';
import { platformOpsCalls } from './platform-ops.calls.ts';
import {
  platformSettingsSchema,
  setRegisterFieldsBodySchema,
  setWhitelabelFlagsBodySchema,
} from './platform-ops.schemas.ts';
import { registerSettingsSchema, whitelabelSchema } from './system.schemas.ts';

const tags = ['operator', 'system'];

export const platformOpsRoutes = {
  platformSettings: defineRoute(platformOpsCalls.platformSettings, {
    summary: 'The white-label flags and the registration fields as members get them (system.settings)',
    tags,
    response: platformSettingsSchema,
  }),
  setWhitelabelFlags: defineRoute(platformOpsCalls.setWhitelabelFlags, {
    summary:
      'Switch white-label flags (registration, free play, VIP, referral...) (system.settings; audited)',
    tags,
    body: setWhitelabelFlagsBodySchema,
    response: whitelabelSchema,
  }),
  setRegisterFields: defineRoute(platformOpsCalls.setRegisterFields, {
    summary: 'Show, hide, require and size the registration form fields (system.settings; audited)',
    tags,
    body: setRegisterFieldsBodySchema,
    response: registerSettingsSchema,
  }),
} as const;
