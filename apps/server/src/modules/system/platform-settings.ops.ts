import type { FastifyInstance } from 'fastify';
import {
  systemRoutes,
  type PlatformSettings,
  type RegisterFieldSetting,
  type SetRegisterFieldsBody,
  type SetWhitelabelFlagsBody,
  type Whitelabel,
  type WhitelabelFlag,
} from '@banca/contract';
import type { Db } from '../../database.ts';
import { type OperatorActor, type OpsAccess, operatorOf } from '../../ops-access.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { registerRoute } from '../../platform/http/contract-route.ts';
import * as repo from './system.repository.ts';
import type { SystemService } from './system.service.ts';

/**
 * Platform settings in the back office (issue 23 item 7, permission `system.settings`): the
 * white-label flags and the registration form's fields. Each change is audited with the values before
 * and after in its transaction; members' pages read them through SystemService as before.
 */
export interface PlatformOpsDeps {
  db: Db;
  merchantCode: string;
  ops: OpsAccess;
  system: SystemService;
}

const FLAG_COLUMNS: Record<WhitelabelFlag, repo.MerchantFlagColumn> = {
  USERNAMEREG3: 'username_reg',
  MOBILENUMREG3: 'mobile_num_reg',
  REGMOBVERF3: 'reg_mob_verf',
  MOBREGPASS3: 'mob_reg_pass',
  FREEPLAY3: 'free_play',
  CHNGPASSVERIF3: 'chng_pass_verif',
  MOBCODELOGIN3: 'mob_code_login',
  PWDEXPIRY3: 'pwd_expiry',
  AGENTPOLICY3: 'agent_policy',
  vipEnabled: 'vip_enabled',
  referralEnabled: 'referral_enabled',
};

export async function platformSettings(deps: PlatformOpsDeps): Promise<PlatformSettings> {
  const [whitelabel, registerFields] = await Promise.all([
    deps.system.whitelabel(),
    deps.system.registerSettings(),
  ]);
  return { whitelabel, registerFields };
}

export async function setWhitelabelFlags(
  deps: PlatformOpsDeps,
  actor: OperatorActor,
  body: SetWhitelabelFlagsBody,
  requestId: string,
): Promise<Whitelabel> {
  await inTransaction(deps.db, async (trx) => {
    const row = await repo.findMerchantForUpdate(trx, deps.merchantCode);
    if (!row) throw new AppError('not_found');
    const changed = Object.entries(body.flags ?? {}).filter(([, v]) => v !== undefined) as [
      WhitelabelFlag,
      boolean,
    ][];
    const before: Record<string, unknown> = Object.fromEntries(
      changed.map(([flag]) => [flag, row[FLAG_COLUMNS[flag]]]),
    );
    const after: Record<string, unknown> = Object.fromEntries(changed);
    if (body.siteName !== undefined) {
      before.siteName = row.site_name;
      after.siteName = body.siteName;
    }
    await repo.updateMerchantSettings(trx, deps.merchantCode, {
      ...Object.fromEntries(changed.map(([flag, v]) => [FLAG_COLUMNS[flag], v])),
      ...(body.siteName !== undefined ? { site_name: body.siteName } : {}),
    });
    await deps.ops.audit(trx, {
      actor,
      action: 'system.whitelabel',
      subjectType: 'merchant',
      subjectId: deps.merchantCode,
      before,
      after,
      reason: body.reason ?? null,
      requestId,
    });
  });
  return deps.system.whitelabel();
}

export async function setRegisterFields(
  deps: PlatformOpsDeps,
  actor: OperatorActor,
  body: SetRegisterFieldsBody,
  requestId: string,
): Promise<RegisterFieldSetting[]> {
  const before = await deps.system.registerSettings();
  await inTransaction(deps.db, async (trx) => {
    for (const f of body.fields) {
      const n = await repo.updateRegisterField(trx, deps.merchantCode, f.name, {
        enabled: f.enabled,
        required: f.required,
        min_length: f.minLength,
        max_length: f.maxLength,
      });
      // A field this merchant was never set up with: nothing to change (and the rest rolls back).
      if (n === 0) throw new AppError('invalid_input', { fields: { [f.name]: 'not a field of this site' } });
    }
    const names = new Set(body.fields.map((f) => f.name));
    await deps.ops.audit(trx, {
      actor,
      action: 'system.register_fields',
      subjectType: 'register_fields',
      subjectId: deps.merchantCode,
      before: before.filter((f) => names.has(f.name)),
      after: body.fields,
      reason: body.reason ?? null,
      requestId,
    });
  });
  return deps.system.registerSettings();
}

export function registerPlatformOpsRoutes(app: FastifyInstance, deps: PlatformOpsDeps): void {
  const guard = { onRequest: deps.ops.allow('system.settings') };
  registerRoute(app, systemRoutes.platformSettings, () => platformSettings(deps), guard);
  registerRoute(
    app,
    systemRoutes.setWhitelabelFlags,
    ({ body, request }) => setWhitelabelFlags(deps, operatorOf(request), body, request.id),
    guard,
  );
  registerRoute(
    app,
    systemRoutes.setRegisterFields,
    ({ body, request }) => setRegisterFields(deps, operatorOf(request), body, request.id),
    guard,
  );
}
